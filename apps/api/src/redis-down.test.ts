import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrivateRedis } from '@coup/devstack';
import type { PrivateRedis } from '@coup/devstack';
import { startHarness } from './testing/harness';
import type { Harness } from './testing/harness';

// The API on a Redis of its own that is killed mid-way: read-only routes keep answering (the rate limiter
// steps aside instead of failing every request), readiness says Redis is down, a new match is still
// accepted (its job is added once Redis is back), and the limiter is back on after Redis returns.

const LIMIT = 3;
let redis: PrivateRedis;
let h: Harness;
let key: string;
let house: string[];

beforeAll(async () => {
  redis = await startPrivateRedis();
  h = await startHarness({ worker: false, redisUrl: redis.url, env: { RATE_LIMIT_MAX: String(LIMIT) } });
  key = (await h.createAccount()).key;
  const agents = await h.db.prisma.agent.findMany({ where: { isHouse: true }, orderBy: { name: 'asc' } });
  house = agents.map((a) => a.id).slice(0, 2);
}, 60_000);

afterAll(async () => {
  await h?.stop();
  await redis?.destroy();
});

const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

async function until(cond: () => Promise<boolean>, what: string, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('Redis down', () => {
  it('read-only routes answer 200 while Redis is down; the rate limiter is back once it returns', async () => {
    // Redis up: the limiter works (per client address).
    const up = [];
    for (let i = 0; i <= LIMIT; i++)
      up.push((await h.api('GET', '/v1/leaderboard', from('203.0.113.7'))).status);
    expect(up).toEqual([200, 200, 200, 429]);

    await redis.kill();
    await until(async () => (await h.api('GET', '/readyz')).status === 503, 'readyz reports the outage');
    expect((await h.api('GET', '/readyz')).body).toEqual({
      status: 'unavailable',
      checks: { postgres: true, redis: false },
    });
    // More requests than the limit, from one address, on read-only routes: all answered, none waits long.
    for (const path of ['/v1/leaderboard', '/v1/matches', '/v1/agents', '/healthz', '/metrics']) {
      for (let i = 0; i <= LIMIT; i++) {
        const started = Date.now();
        // /metrics is not public: its scraper sends the admin key (or METRICS_TOKEN).
        const key = path === '/metrics' ? { key: h.adminKey } : {};
        const res = await h.api('GET', path, { ...from('203.0.113.8'), ...key });
        expect(res.status, `${path}: ${res.text.slice(0, 200)}`).toBe(200);
        expect(Date.now() - started).toBeLessThan(3000);
      }
    }
    // A new match is accepted: it is in Postgres, its job is added once Redis is back.
    const created = await h.api<{ id: string; status: string }>('POST', '/v1/matches', {
      key,
      body: { agents: house },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.status).toBe('queued');

    await redis.start();
    await until(async () => (await h.api('GET', '/readyz')).status === 200, 'readyz recovers');
    await until(
      // An account's casual match waits behind the platform's own (prioritized: match-placement.ts).
      async () => (await h.platform.runtime.matchQueue.getJobState(created.body.id)) === 'prioritized',
      'the match job added after Redis came back',
    );
    const again = [];
    for (let i = 0; i <= LIMIT; i++)
      again.push((await h.api('GET', '/v1/matches', from('203.0.113.9'))).status);
    expect(again).toEqual([200, 200, 200, 429]);
  });
});
