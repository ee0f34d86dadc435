import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '@coup/api-contract/types';
import { HOUSE_BOT_KINDS } from '@coup/bots';
import { startHarness, uniqueName } from './testing/harness';
import type { Harness } from './testing/harness';

// Every built-in kind is a house agent in the ranked queue (search levels and people included), and an
// agent's profile places its rating among the house agents' and gives its record against each.

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

async function finishedMatch(places: [string, number][], ranked = true): Promise<void> {
  const prisma = h.platform.runtime.prisma;
  const m = await prisma.match.create({
    data: {
      id: uniqueName('mt'),
      ranked,
      seed: 's',
      seedCommitment: 'c',
      timeoutMs: 1000,
      status: 'finished',
    },
  });
  for (const [seat, [id, place]] of places.entries())
    await prisma.matchSeat.create({ data: { matchId: m.id, seat, agentId: id, place } });
}

describe('house agents as marks', () => {
  it('registers every built-in kind as a queued house agent', async () => {
    const res = await h.api<{ items: Agent[] }>('GET', '/v1/agents?house=true&limit=100');
    const names = res.body.items.map((a) => a.name);
    for (const kind of ['people', 'search-1', 'search-2', 'search-3', ...HOUSE_BOT_KINDS])
      expect(names).toContain(`house-${kind}`);
    expect(res.body.items.every((a) => a.inQueue)).toBe(true);
  });

  it("gives the agent's record against each house agent and where its rating lies", async () => {
    const prisma = h.platform.runtime.prisma;
    const low = await h.houseAgent('random');
    const mid = await h.houseAgent('heuristic');
    const high = await h.houseAgent('search-3');
    await prisma.rating.upsert({
      where: { agentId_ruleset: { agentId: low, ruleset: 'original' } },
      create: { agentId: low, rating: 1200, rd: 80, vol: 0.06, games: 10 },
      update: { rating: 1200 },
    });
    await prisma.rating.upsert({
      where: { agentId_ruleset: { agentId: high, ruleset: 'original' } },
      create: { agentId: high, rating: 1900, rd: 80, vol: 0.06, games: 10 },
      update: { rating: 1900 },
    });
    await prisma.rating.create({ data: { agentId, rating: 1600, rd: 90, vol: 0.06, games: 3 } });
    await finishedMatch([
      [agentId, 1],
      [mid, 2],
    ]);
    await finishedMatch([
      [mid, 1],
      [agentId, 2],
      [low, 3],
    ]);
    await finishedMatch([
      [high, 1],
      [agentId, 2],
    ]);
    // A casual match never counts.
    await finishedMatch(
      [
        [agentId, 1],
        [high, 2],
      ],
      false,
    );
    const res = await h.api<Agent>('GET', `/v1/agents/${agentId}`);
    expect(res.status, res.text).toBe(200);
    const marks = res.body.houseMarks!;
    const rec = (id: string) => marks.records.find((r) => r.agent.id === id);
    expect(rec(mid)).toMatchObject({ matches: 2, wins: 1, losses: 1, rating: 1500 });
    expect(rec(low)).toMatchObject({ matches: 1, wins: 1, losses: 0, rating: 1200 });
    expect(rec(high)).toMatchObject({ matches: 1, wins: 0, losses: 1, rating: 1900 });
    expect(marks.records.map((r) => r.rating)).toEqual(
      [...marks.records.map((r) => r.rating)].sort((a, b) => a - b),
    );
    // 1600: above the house agents still at the initial 1500, below house-search-3's 1900.
    expect(marks.below?.rating).toBe(1500);
    expect(marks.above?.agent.id).toBe(high);
  });

  it('has no bracket for an agent without a rating', async () => {
    const owner = await h.createAccount();
    const fresh = (
      await h.registerAgent(owner.key, { name: uniqueName('b'), endpointUrl: 'http://127.0.0.1:9' })
    ).id;
    const res = await h.api<Agent>('GET', `/v1/agents/${fresh}`);
    expect(res.body.houseMarks).toMatchObject({ below: null, above: null });
    expect(res.body.houseMarks?.records.every((r) => r.matches === 0)).toBe(true);
  });
});
