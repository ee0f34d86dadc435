import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness } from './testing/harness';
import type { Account, Harness } from './testing/harness';

// The ladder through the API: ranked matches rated per period, the leaderboard, joining and leaving the
// ranked queue, and an agent that faults too often being taken out of the queue with the reason.

interface Board {
  orderedBy: string;
  total: number;
  items: {
    rank: number;
    agent: { id: string; name: string };
    rating: number;
    rd: number;
    conservative: number;
    games: number;
    winRate: number | null;
    provisional: boolean;
    live: boolean;
  }[];
  nextOffset: number | null;
}

let h: Harness;
let owner: Account;
let other: Account;
let house: { id: string; name: string }[];

beforeAll(async () => {
  h = await startHarness({
    env: {
      RATING_PERIOD_MS: '1000',
      MATCHMAKER_INTERVAL_MS: '300',
      SEATS_PER_MATCH: '2',
      MATCH_TIMEOUT_MS: '300',
    },
  });
  owner = await h.createAccount();
  other = await h.createAccount();
  const res = await h.api<{ items: { id: string; name: string }[] }>('GET', '/v1/agents?house=true');
  house = res.body.items;
}, 60_000);

afterAll(async () => {
  await h?.stop();
});

async function until<T>(
  what: string,
  fn: () => Promise<T | null | undefined | false>,
  ms = 40_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('ladder', () => {
  it('rates ranked matches per period and orders the leaderboard by rating - 2*RD', async () => {
    // The three fast house agents (listed first): the search levels would make the matches slow.
    const ids = house.slice(0, 3).map((a) => a.id);
    const matches = [];
    // Ranked matches come from the matchmaker, events or the operator: here the admin key.
    for (let i = 0; i < 4; i++) matches.push(await h.queueMatch(h.adminKey, ids, { ranked: true }));
    for (const id of matches) expect((await h.waitForMatch(id)).status).toBe('finished');
    const board = await until('ratings', async () => {
      const res = await h.api<Board>('GET', '/v1/leaderboard?limit=2');
      // Stored, not live: the period of the matches has closed.
      return res.body.total >= 3 && res.body.items.every((i) => i.games >= 4 && !i.live) ? res.body : null;
    });
    expect(board.orderedBy).toBe('conservative_rating');
    expect(board.items).toHaveLength(2);
    expect(board.nextOffset).toBe(2);
    const page2 = (await h.api<Board>('GET', '/v1/leaderboard?limit=2&offset=2')).body;
    const all = [...board.items, ...page2.items];
    expect(all.map((i) => i.rank)).toEqual(all.map((_, k) => k + 1));
    for (const e of all) {
      expect(e.conservative).toBeCloseTo(e.rating - 2 * e.rd, 9);
      expect(e.provisional).toBe(e.rd > 110);
    }
    for (let k = 1; k < all.length; k++)
      expect(all[k - 1]!.conservative).toBeGreaterThanOrEqual(all[k]!.conservative);

    const profile = await h.api<{ ratingHistory: unknown[]; stats: { matches: number; decisions: number } }>(
      'GET',
      `/v1/agents/${house[0]!.id}`,
    );
    expect(profile.body.ratingHistory.length).toBeGreaterThan(0);
    expect(profile.body.stats.matches).toBeGreaterThanOrEqual(4);
    expect(profile.body.stats.decisions).toBeGreaterThan(0);

    const check = await h.api<{ identical: boolean }>('POST', '/v1/admin/ratings/check', { key: h.adminKey });
    expect(check.status).toBe(200);
    expect(check.body.identical).toBe(true);
    expect((await h.api('POST', '/v1/admin/ratings/check', { key: owner.key })).status).toBe(403);
  }, 90_000);

  it('lets owners join and leave the ranked queue, and nobody else', async () => {
    const agent = await h.registerAgent(owner.key, { name: `q-${Date.now()}`, transport: 'ws' });
    expect((await h.api('POST', `/v1/agents/${agent.id}/queue`, { key: other.key })).status).toBe(403);
    expect((await h.api('POST', `/v1/agents/${agent.id}/queue`)).status).toBe(401);
    const joined = await h.api<{ inQueue: boolean; joinedAt: string }>(
      'POST',
      `/v1/agents/${agent.id}/queue`,
      {
        key: owner.key,
      },
    );
    expect(joined.status).toBe(200);
    expect(joined.body.inQueue).toBe(true);
    const left = await h.api<{ inQueue: boolean }>('DELETE', `/v1/agents/${agent.id}/queue`, {
      key: owner.key,
    });
    expect(left.body.inQueue).toBe(false);
    await h.api('POST', `/v1/agents/${agent.id}/pause`, { key: owner.key });
    const paused = await h.api<{ error: { code: string } }>('POST', `/v1/agents/${agent.id}/queue`, {
      key: owner.key,
    });
    expect(paused.status).toBe(409);
  });

  it('takes an agent that keeps faulting out of the queue and tells its owner why', async () => {
    // An HTTP agent whose endpoint refuses connections: every decision is a transport_error fault.
    const agent = await h.registerAgent(owner.key, {
      name: `broken-${Date.now()}`,
      transport: 'http',
      endpointUrl: 'http://127.0.0.1:9',
    });
    expect((await h.api('POST', `/v1/agents/${agent.id}/queue`, { key: owner.key })).status).toBe(200);
    const reason = await until(
      'the agent to leave the queue',
      async () => {
        const res = await h.api<{ inQueue: boolean; queueReason?: string | null }>(
          'GET',
          `/v1/agents/${agent.id}`,
          {
            key: owner.key,
          },
        );
        return !res.body.inQueue && res.body.queueReason ? res.body.queueReason : null;
      },
      60_000,
    );
    expect(reason).toMatch(/left the ranked queue: faults or forfeits in \d+ of its last \d+ matches/);
    const publicView = await h.api<{ queueReason?: string }>('GET', `/v1/agents/${agent.id}`);
    expect(publicView.body.queueReason).toBeUndefined();
    const played = await h.api<{ items: { seats: { agent: { id: string }; faults: number }[] }[] }>(
      'GET',
      `/v1/matches?agent=${agent.id}&ranked=true&status=finished`,
    );
    expect(played.body.items.length).toBeGreaterThanOrEqual(5);
  }, 90_000);
});
