import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrivateRedis } from '@coup/devstack';
import type { PrivateRedis } from '@coup/devstack';
import { redisGate } from './redis-gate';

// The gate the rate limiter asks before touching Redis: it follows a real connection to a Redis that is
// killed and started again, and says so once each way.

let server: PrivateRedis;
let redis: Redis;

beforeAll(async () => {
  server = await startPrivateRedis();
  redis = new Redis(server.url, { maxRetriesPerRequest: 1, retryStrategy: () => 50 });
  redis.on('error', () => undefined);
  await redis.ping();
});

afterAll(async () => {
  redis?.disconnect();
  await server?.destroy();
});

async function until(cond: () => boolean, what: string) {
  const end = Date.now() + 10_000;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`${what}: not within 10 s`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('redisGate', () => {
  it('is open while Redis answers, closed while it is away, and logs each change once', async () => {
    const lines: string[] = [];
    const gate = redisGate(redis, {
      warn: (m) => lines.push(`warn ${m}`),
      info: (m) => lines.push(`info ${m}`),
    });
    expect(gate.down()).toBe(false);
    await server.kill();
    await until(() => redis.status !== 'ready', 'connection lost');
    expect([gate.down(), gate.down(), gate.down()]).toEqual([true, true, true]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^warn Redis is unreachable .*rate limiting is off/);
    await server.start();
    await until(() => redis.status === 'ready', 'reconnected');
    expect([gate.down(), gate.down()]).toEqual([false, false]);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^info Redis is reachable again/);
  });
});
