import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { deleteKeys, REDIS_URL } from '../testing';
import { leasedRedisStore, leaseSize } from './rate-limit-store';

// The rate limiter's leased counters on a real Redis: one process counts every request exactly (what the
// API tests' 429s rely on), and processes sharing a key never let more than the limit through together.

const prefix = `rlstore_${randomBytes(4).toString('hex')}`;
const clients: Redis[] = [];
const connect = () => {
  const r = new Redis(REDIS_URL);
  clients.push(r);
  return r;
};

afterAll(async () => {
  await deleteKeys(prefix);
  for (const c of clients) c.disconnect();
});

type Store = InstanceType<ReturnType<typeof leasedRedisStore>>;
const incr = (store: Store, key: string, max: number, windowMs = 60_000) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (err, res) => (err || !res ? reject(err) : resolve(res)), windowMs, max),
  );

describe('leasedRedisStore', () => {
  it('leases shrink to one request as the count nears the limit', () => {
    expect(leaseSize(0, 3)).toBe(1);
    expect(leaseSize(0, 300)).toBe(18);
    expect(leaseSize(290, 300)).toBe(1);
    expect(leaseSize(0, 1e8)).toBe(100);
  });

  it('counts every request of one process exactly, within one window', async () => {
    const store = new (leasedRedisStore(connect(), `${prefix}:a:`))();
    const seen = [];
    for (let i = 0; i < 320; i++) seen.push((await incr(store, 'ip:1', 300)).current);
    expect(seen).toEqual(Array.from({ length: 320 }, (_, i) => i + 1));
    // A route's own limit is a key of its own.
    const child = store.child({ routeInfo: { method: 'POST', url: '/v1/accounts' } });
    expect((await incr(child, 'ip:1', 10)).current).toBe(1);
  });

  it('lets through at most the limit across processes sharing the counter', async () => {
    const stores = [0, 1, 2].map(() => new (leasedRedisStore(connect(), `${prefix}:b:`))());
    let allowed = 0;
    const results = await Promise.all(
      Array.from({ length: 900 }, (_, i) => incr(stores[i % 3] as Store, 'ip:2', 500)),
    );
    for (const r of results) if (r.current <= 500) allowed++;
    expect(allowed).toBeLessThanOrEqual(500);
    // Refused only once the shared counter is spent, less what the other processes' leases hold unused.
    expect(allowed).toBeGreaterThanOrEqual(500 - 2 * leaseSize(0, 500));
  });

  it('starts a new window when the key expires', async () => {
    const store = new (leasedRedisStore(connect(), `${prefix}:c:`))();
    expect((await incr(store, 'ip:3', 2, 200)).current).toBe(1);
    expect((await incr(store, 'ip:3', 2, 200)).current).toBe(2);
    expect((await incr(store, 'ip:3', 2, 200)).current).toBe(3);
    await new Promise((r) => setTimeout(r, 300));
    const next = await incr(store, 'ip:3', 2, 200);
    expect(next.current).toBe(1);
    expect(next.ttl).toBeGreaterThan(100);
  });
});
