import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '@coup/gateway';
import { slowAgent } from './testing/agents';
import type { TestAgent } from './testing/agents';
import { REDIS_URL, startHarness, uniqueName } from './testing/harness';
import type { Harness } from './testing/harness';

// MATCH_MAX_MS (issue 9, "Floods do not starve everyone"): six agents that answer just before every
// deadline would hold a worker slot for many minutes; with the wall-clock cap the match is aborted with its
// reason, and the next match gets the slot. One worker slot here, so the next match can only run once the
// sleepy one is gone.

const MAX_MS = 2000;

let h: Harness;
const agents: TestAgent[] = [];

beforeAll(async () => {
  h = await startHarness({
    env: { MATCH_MAX_MS: String(MAX_MS), MATCH_TIMEOUT_MS: '3000', WORKER_CONCURRENCY: '1' },
  });
}, 60_000);

afterAll(async () => {
  await Promise.all(agents.map((a) => a.close()));
  await h?.stop();
});

describe('MATCH_MAX_MS', () => {
  it('aborts a match over its wall-clock cap with the reason, and frees the worker slot', async () => {
    const owner = await h.createAccount();
    const seats: string[] = [];
    for (let i = 0; i < 6; i++) {
      const reg = await h.registerAgent(owner.key, {
        name: uniqueName(`sleepy-${i}`),
        endpointUrl: 'http://127.0.0.1:9',
      });
      // Just inside the 3 s deadline: no faults, so nobody is ever forfeited; only the cap ends the match.
      const agent = await slowAgent({ delayMs: 2500, secret: reg.secret, name: `sleepy-${i}` });
      agents.push(agent);
      await h.api('PATCH', `/v1/agents/${reg.id}`, { key: owner.key, body: { endpointUrl: agent.url } });
      seats.push(reg.id);
    }
    const house = (await h.api<{ items: { id: string }[] }>('GET', '/v1/agents?house=true')).body.items;

    const sleepy = await h.queueMatch(owner.key, seats);
    const next = await h.queueMatch(owner.key, [house[0]!.id, house[1]!.id]);

    const aborted = await h.waitForMatch(sleepy, 30_000);
    expect(aborted.status).toBe('aborted');
    expect(aborted.abortReason).toMatch(/wall-clock cap of 2000 ms \(MATCH_MAX_MS\)/);
    expect(aborted.seats.every((s) => s.place === null)).toBe(true);
    expect(aborted.ranking).toBeNull();
    const ran = Date.parse(aborted.finishedAt!) - Date.parse(aborted.startedAt!);
    expect(ran).toBeGreaterThanOrEqual(MAX_MS - 50);
    // No replay is published for it, and spectators were told it ended.
    const replay = await h.api<{ error: { code: string } }>('GET', `/v1/matches/${sleepy}/replay`);
    expect(replay.status).toBe(409);
    const redis = new Redis(REDIS_URL);
    try {
      const log = await redis.lrange(keys(h.prefix).matchLog(sleepy), 0, -1);
      expect(JSON.parse(log.at(-1) ?? '{}')).toMatchObject({ type: 'end', status: 'aborted' });
    } finally {
      redis.disconnect();
    }

    // The one worker slot is free again: the match queued behind it runs to the end.
    expect((await h.waitForMatch(next, 20_000)).status).toBe('finished');
  }, 60_000);
});
