import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeLease } from './closer-lease';

// The backlog closer's lease in Redis: one holder at a time, released by its holder only, lapsing on its
// own when the holder stops renewing it.

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
let redis: Redis;
const key = `t${randomBytes(4).toString('hex')}:closer-lease`;

beforeAll(() => {
  redis = new Redis(REDIS_URL);
});

afterAll(async () => {
  await redis.del(key);
  redis.disconnect();
});

describe('takeLease', () => {
  it('has one holder at a time, until it releases', async () => {
    const first = await takeLease(redis, key, 10_000);
    expect(first).not.toBeNull();
    expect(await takeLease(redis, key, 10_000)).toBeNull();
    await first!.release();
    const second = await takeLease(redis, key, 10_000);
    expect(second).not.toBeNull();
    await second!.release();
  });

  it('is renewed while held, and a lapsed holder cannot release its successor', async () => {
    const held = await takeLease(redis, key, 600);
    expect(held).not.toBeNull();
    // Renewed every 200 ms: still held after three times its length.
    await new Promise((r) => setTimeout(r, 1800));
    expect(await takeLease(redis, key, 600)).toBeNull();
    // The holder dies (its renewals stop) and the lease lapses: another takes it.
    await redis.set(key, 'someone-else', 'PX', 10_000);
    const next = await redis.get(key);
    await held!.release();
    expect(await redis.get(key)).toBe(next);
    await redis.del(key);
  });
});
