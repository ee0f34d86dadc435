import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameBuilder, randomGame } from '@coup/archive/testing';
import type { Agent } from '@coup/api-contract/types';
import type { Prisma } from '@coup/db';
import { emptyStats } from '@coup/competition';
import { startHarness, uniqueName } from './testing/harness';
import type { Harness } from './testing/harness';
import { insertHumanDataset } from './testing/datasets';

// An agent's profile carries people's figures beside its own: from the most recent ready human dataset,
// original games, people's decisions only; null before any is imported.

let h: Harness;
let agentId: string;

// alice (a person) bluffs one duke of two claims and challenges once of two chances; the ai's decisions
// are left out.
const game = gameBuilder([
  { id: 'alice', cards: ['duke', 'captain'] },
  { id: 'ai', cards: ['assassin', 'contessa'] },
])
  .turn(0, 'tax')
  .turn(1, 'steal', { target: 0, challenge: { by: 0, success: true } })
  .turn(0, 'exchange')
  .turn(1, 'tax')
  .end(0);

beforeAll(async () => {
  h = await startHarness({ worker: false });
  const owner = await h.createAccount();
  agentId = (await h.registerAgent(owner.key, { name: uniqueName('a'), endpointUrl: 'http://127.0.0.1:9' }))
    .id;
});

afterAll(async () => {
  await h?.stop();
});

describe('humanBaseline on GET /v1/agents/:id', () => {
  it('is null before any human dataset is imported', async () => {
    const res = await h.api<Agent>('GET', `/v1/agents/${agentId}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.humanBaseline).toBeNull();
    expect(res.body.stats).toBeDefined();
    // The agent's own bluff rate per role sits beside people's (null until it has claimed the role).
    expect(res.body.stats?.bluffRateByRole).toEqual({
      duke: null,
      assassin: null,
      captain: null,
      ambassador: null,
      contessa: null,
    });
  });

  it("gives the agent's own bluff rate per role from its ranked seats' statistics", async () => {
    const prisma = h.platform.runtime.prisma;
    const m = await prisma.match.create({
      data: {
        id: uniqueName('mt'),
        ranked: true,
        seed: 's',
        seedCommitment: 'c',
        timeoutMs: 1000,
        status: 'finished',
      },
    });
    const stats = {
      ...emptyStats(),
      decisions: 10,
      claims: 5,
      bluffs: 2,
      latencies: [1],
      roleClaims: { duke: 4, captain: 1 },
      roleBluffs: { duke: 1, captain: 1 },
    };
    await prisma.matchSeat.create({
      data: { matchId: m.id, seat: 0, agentId, stats: stats as Prisma.InputJsonValue },
    });
    const res = await h.api<Agent>('GET', `/v1/agents/${agentId}`);
    expect(res.body.stats).toMatchObject({
      matches: 1,
      bluffRate: 0.4,
      bluffRateByRole: { duke: 0.25, captain: 1, assassin: null, ambassador: null, contessa: null },
    });
  });

  it("gives people's figures of the latest ready dataset's original games", async () => {
    const prisma = h.platform.runtime.prisma;
    await insertHumanDataset(prisma, {
      name: 'old',
      games: [randomGame(7)],
      createdAt: new Date(Date.now() - 60_000),
    });
    const id = await insertHumanDataset(prisma, {
      name: 'latest',
      // An original game of computer players only: people's figures do not rest on it.
      games: [
        game,
        randomGame(8, { gameType: 'inquisitors' }),
        randomGame(10, { aiSeats: [0, 1, 2, 3, 4, 5] }),
      ],
    });
    // A newer import still running is not used.
    await insertHumanDataset(prisma, { name: 'running', games: [randomGame(9)], status: 'importing' });
    const res = await h.api<Agent>('GET', `/v1/agents/${agentId}`);
    expect(res.body.humanBaseline).toEqual({
      datasetId: id,
      datasetName: 'latest',
      gameType: 'original',
      games: 1,
      basis: {
        bluffRate: { games: 1, decisions: 2 },
        challengeRate: { games: 1, decisions: 2 },
        challengeSuccess: { games: 1, decisions: 1 },
        blockRate: { games: 0, decisions: 0 },
      },
      bluffRate: 0.5,
      challengeRate: 0.5,
      challengeSuccess: 1,
      blockRate: null,
      bluffRateByRole: { duke: 0, captain: null, assassin: null, ambassador: 1, contessa: null },
    });
  });
});
