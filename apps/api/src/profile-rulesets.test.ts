import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '@coup/api-contract/types';
import type { Prisma } from '@coup/db';
import { emptyStats } from '@coup/competition';
import { randomGame } from '@coup/archive/testing';
import { insertHumanDataset } from './testing/datasets';
import { startHarness, uniqueName } from './testing/harness';
import type { Harness } from './testing/harness';

// An agent's profile gives its behaviour figures per ruleset (issue 20): a bluff rate of the Inquisitor game
// is never summed with one of the original game. `stats` stays the original game's (its shape unchanged),
// `statsByRuleset` has every ruleset the agent played ranked matches of, with that ruleset's roles.

let h: Harness;
let agentId: string;

beforeAll(async () => {
  h = await startHarness({ worker: false });
  const owner = await h.createAccount();
  agentId = (await h.registerAgent(owner.key, { name: uniqueName('a'), endpointUrl: 'http://127.0.0.1:9' }))
    .id;
});

afterAll(async () => {
  await h?.stop();
});

/** A finished ranked match of `ruleset` with the agent in seat 0, its seat's stats stored as given. */
async function rankedSeat(ruleset: string, stats: object) {
  const prisma = h.platform.runtime.prisma;
  const m = await prisma.match.create({
    data: {
      id: uniqueName('mt'),
      ranked: true,
      ruleset,
      seed: 's',
      seedCommitment: 'c',
      timeoutMs: 1000,
      status: 'finished',
    },
  });
  await prisma.matchSeat.create({
    data: { matchId: m.id, seat: 0, agentId, stats: stats as Prisma.InputJsonValue },
  });
}

describe('GET /v1/agents/:id behaviour figures per ruleset', () => {
  it('has no figures of a ruleset the agent has not played', async () => {
    const res = await h.api<Agent>('GET', `/v1/agents/${agentId}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.statsByRuleset).toEqual({});
    expect(res.body.stats).toMatchObject({ matches: 0, bluffRate: null });
  });

  it('keeps each ruleset apart, with its own roles and the interrogations of the Inquisitor game', async () => {
    // Stored before per-role counts existed: no roleClaims / roleBluffs (still read, as before).
    const {
      roleClaims: _c,
      roleBluffs: _b,
      ...old
    } = {
      ...emptyStats(),
      decisions: 6,
      claims: 2,
      bluffs: 0,
      latencies: [3],
    };
    await rankedSeat('original', old);
    await rankedSeat('original', {
      ...emptyStats(),
      decisions: 10,
      claims: 4,
      bluffs: 2,
      latencies: [1],
      roleClaims: { duke: 2, ambassador: 2 },
      roleBluffs: { ambassador: 2 },
    });
    await rankedSeat('inquisitors', {
      ...emptyStats(),
      decisions: 8,
      claims: 5,
      bluffs: 1,
      challengeChances: 4,
      challenges: 1,
      latencies: [2, 4],
      roleClaims: { inquisitor: 4, captain: 1 },
      roleBluffs: { inquisitor: 1 },
      interrogations: 3,
      interrogationDecisions: 2,
      forcedExchanges: 1,
    });

    const res = await h.api<Agent>('GET', `/v1/agents/${agentId}`);
    expect(res.status, res.text).toBe(200);
    const original = {
      matches: 2,
      decisions: 16,
      bluffRate: 0.333,
      bluffRateByRole: { duke: 0, assassin: null, captain: null, ambassador: 1, contessa: null },
    };
    expect(res.body.stats).toMatchObject(original);
    expect(res.body.stats).not.toHaveProperty('interrogations');
    expect(res.body.statsByRuleset?.original).toMatchObject({ ruleset: 'original', ...original });
    expect(res.body.statsByRuleset?.original).not.toHaveProperty('forceExchangeRate');
    expect(res.body.statsByRuleset?.inquisitors).toEqual({
      ruleset: 'inquisitors',
      matches: 1,
      decisions: 8,
      bluffRate: 0.2,
      bluffRateByRole: { duke: null, assassin: null, captain: 0, inquisitor: 0.25, contessa: null },
      challengeRate: 0.25,
      challengeSuccess: null,
      blockRate: null,
      faultRate: 0,
      latencyP50Ms: 2,
      latencyP95Ms: 4,
      llm: null,
      interrogations: 3,
      forceExchangeRate: 0.5,
    });
  });

  it("gives people's figures of each ruleset's games beside the agent's", async () => {
    const prisma = h.platform.runtime.prisma;
    // One game of each type, every seat a person.
    const id = await insertHumanDataset(prisma, {
      name: uniqueName('people'),
      games: [randomGame(21), randomGame(22, { gameType: 'inquisitors' })],
    });
    const res = await h.api<Agent>('GET', `/v1/agents/${agentId}`);
    expect(res.status, res.text).toBe(200);
    const byRuleset = res.body.humanBaselineByRuleset!;
    expect(byRuleset.original).toEqual({ ...res.body.humanBaseline, gameType: 'original' });
    expect(byRuleset.inquisitors).toMatchObject({ datasetId: id, gameType: 'inquisitors', games: 1 });
    expect(Object.keys(byRuleset.inquisitors!.bluffRateByRole).sort()).toEqual([
      'assassin',
      'captain',
      'contessa',
      'duke',
      'inquisitor',
    ]);
    expect(Object.keys(res.body.humanBaseline!.bluffRateByRole).sort()).toEqual([
      'ambassador',
      'assassin',
      'captain',
      'contessa',
      'duke',
    ]);
  });
});
