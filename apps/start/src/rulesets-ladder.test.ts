import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestAgent } from './testing/agents';
import { servedAgent } from './testing/served-agent';
import { startHarness, uniqueName } from './testing/harness';
import type { Account, Harness } from './testing/harness';

// A ranked ladder per ruleset, through the whole platform: agents that accept `inquisitors` are matched
// by the matchmaker into ranked inquisitors matches and rated in that ladder alone; an agent that plays only
// `original` is never sent an inquisitors match (neither by the matchmaker nor through the API); the
// leaderboard and the rating check are read per ruleset.

interface Board {
  ruleset: string;
  items: { agent: { id: string }; games: number; live: boolean }[];
}
interface MatchRow {
  id: string;
  ruleset: string;
  ranked: boolean;
  status: string;
  seats: { agent: { id: string } }[];
}

let h: Harness;
let owner: Account;
const served: TestAgent[] = [];
/** Plays only inquisitors; plays both; plays only original (the default). */
let inqOnly: string;
let both: string;
let origOnly: string;
let origAgent: TestAgent;

/** A random-move SDK agent registered with `rulesets` (none: the default) and queued for ranked play. */
async function queuedAgent(name: string, rulesets?: string[]): Promise<{ id: string; agent: TestAgent }> {
  const { id, agent } = await servedAgent(h, owner.key, {
    kind: 'random',
    delayMs: 0,
    name,
    botSeed: name,
    register: { wantsPrompt: false, ...(rulesets ? { rulesets } : {}) },
  });
  served.push(agent);
  const q = await h.api('POST', `/v1/agents/${id}/queue`, { key: owner.key });
  expect(q.status).toBe(200);
  return { id, agent };
}

beforeAll(async () => {
  h = await startHarness({
    env: {
      RATING_PERIOD_MS: '1000',
      MATCHMAKER_INTERVAL_MS: '300',
      SEATS_PER_MATCH: '2',
      MATCH_TIMEOUT_MS: '1000',
    },
  });
  // Each agent its own owner would be closer to life; one owner is fine with two seats a match (the
  // per-owner limit keeps this owner's agents apart, so each meets the house bots).
  owner = await h.createAccount();
  inqOnly = (await queuedAgent('inq', ['inquisitors'])).id;
  both = (await queuedAgent('both', ['original', 'inquisitors'])).id;
  const o = await queuedAgent('orig');
  origOnly = o.id;
  origAgent = o.agent;
}, 60_000);

afterAll(async () => {
  await Promise.all(served.map((a) => a.close()));
  await h?.stop();
});

async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 60_000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const matchesOf = async (agentId: string) =>
  (await h.api<{ items: MatchRow[] }>('GET', `/v1/matches?agent=${agentId}&ranked=true&limit=100`)).body
    .items;

describe('a ranked ladder per ruleset', () => {
  it('matches inquisitors agents in ranked inquisitors matches, rated in their own ladder', async () => {
    const board = await until('an inquisitors ladder with both inquisitors agents rated', async () => {
      const res = await h.api<Board>('GET', '/v1/leaderboard?ruleset=inquisitors&limit=200');
      // Live or stored: with matches finishing all the time the open period keeps the figures live.
      const rated = (id: string) => res.body.items.some((i) => i.agent.id === id && i.games >= 2);
      return rated(inqOnly) && rated(both) ? res.body : null;
    });
    expect(board.ruleset).toBe('inquisitors');
    // The original-only agent has no place in the inquisitors ladder; the inquisitors-only one none in
    // the original ladder.
    expect(board.items.some((i) => i.agent.id === origOnly)).toBe(false);
    const original = await h.api<Board>('GET', '/v1/leaderboard?limit=200');
    expect(original.body.ruleset).toBe('original');
    expect(original.body.items.some((i) => i.agent.id === inqOnly)).toBe(false);

    const inqMatches = (await matchesOf(inqOnly)).filter((m) => m.status === 'finished');
    expect(inqMatches.length).toBeGreaterThanOrEqual(2);
    expect(inqMatches.every((m) => m.ruleset === 'inquisitors' && m.ranked)).toBe(true);

    const profile = await h.api<{
      rulesets: string[];
      rating: unknown;
      ratings: Record<string, { games: number }>;
      ratingHistory: { ruleset: string }[];
      stats: { matches: number };
      statsByRuleset: Record<string, { matches: number; bluffRateByRole: object; interrogations?: number }>;
    }>('GET', `/v1/agents/${inqOnly}`);
    expect(profile.body.rulesets).toEqual(['inquisitors']);
    expect(profile.body.rating).toBeNull();
    expect(profile.body.ratings.original).toBeUndefined();
    expect(profile.body.ratings.inquisitors?.games).toBeGreaterThanOrEqual(2);
    expect(profile.body.ratingHistory.every((r) => r.ruleset === 'inquisitors')).toBe(true);
    // Its behaviour figures (the worker's seat statistics, summed per ruleset) are the Inquisitor game's
    // alone, over that game's roles.
    expect(profile.body.stats.matches).toBe(0);
    expect(Object.keys(profile.body.statsByRuleset)).toEqual(['inquisitors']);
    const figures = profile.body.statsByRuleset.inquisitors!;
    expect(figures.matches).toBeGreaterThanOrEqual(2);
    expect(Object.keys(figures.bluffRateByRole).sort()).toEqual([
      'assassin',
      'captain',
      'contessa',
      'duke',
      'inquisitor',
    ]);
    expect(figures.interrogations).toBeGreaterThanOrEqual(0);
    // The stored seats reach agent_stats through the worker's fold-stats job (every second): its row of the
    // ruleset gets the matches the profile counted, pending or not.
    await until('the fold to add the seats to agent_stats', () =>
      h.db.prisma.agentStats.findFirst({
        where: { agentId: inqOnly, ruleset: 'inquisitors', matches: { gte: figures.matches } },
      }),
    );

    for (const ruleset of ['inquisitors', 'original']) {
      const check = await h.api<{ identical: boolean }>(
        'POST',
        `/v1/admin/ratings/check?ruleset=${ruleset}`,
        {
          key: h.adminKey,
        },
      );
      expect(check.status).toBe(200);
      expect(check.body.identical).toBe(true);
    }
  }, 120_000);

  it('never sends an original-only agent an inquisitors match', async () => {
    await until('the original-only agent to play ranked matches', async () => {
      const finished = (await matchesOf(origOnly)).filter((m) => m.status === 'finished');
      return finished.length >= 2;
    });
    const mine = await matchesOf(origOnly);
    expect(mine.every((m) => m.ruleset === 'original')).toBe(true);
    // What the agent itself was asked: never a game with an inquisitor in it.
    expect(origAgent.requests.length).toBeGreaterThan(0);
    expect(JSON.stringify(origAgent.requests)).not.toMatch(/inquisitor|interrogate/);

    // Nor through the API: a casual inquisitors match seating it is refused, naming the agent.
    const refused = await h.api<{ error: { code: string; message: string } }>('POST', '/v1/matches', {
      key: owner.key,
      body: { agents: [origOnly, await h.houseAgent('random')], ruleset: 'inquisitors' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('ruleset_not_accepted');
    expect(refused.body.error.message).toContain(origOnly);
    expect(refused.body.error.message).toMatch(/does not play the inquisitors ruleset/);
  }, 90_000);

  it('plays a casual match in the ruleset asked for, and refuses an unknown ruleset', async () => {
    const id = await h.queueMatch(owner.key, [both, await h.houseAgent('random')], {
      ruleset: 'inquisitors',
    });
    const m = await h.waitForMatch(id, 60_000);
    expect(m.status).toBe('finished');
    expect((m as unknown as MatchRow).ruleset).toBe('inquisitors');
    const replay = await h.api('GET', `/v1/matches/${id}/replay`);
    expect(replay.status).toBe(200);
    expect(replay.text).toMatch(/inquisitor/);

    const bad = await h.api<{ error: { message: string } }>('POST', '/v1/agents', {
      key: owner.key,
      body: { name: uniqueName('bad'), transport: 'ws', rulesets: ['reformation'] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/unknown ruleset "reformation"/);
  }, 90_000);
});
