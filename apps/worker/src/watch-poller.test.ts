import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WatchPoller, watchPoller } from './watch-poller';

// The worker's one look for spectators of all its running matches, on a real Redis: one MGET per interval
// however many matches run (in chunks of 500 keys), each match told whether its own key exists, and no
// command at all once no match is looked for.

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `wp${randomBytes(4).toString('hex')}`;
const key = (i: number) => `${prefix}:match:m${i}:watched`;
let redis: Redis;

beforeAll(() => {
  redis = new Redis(REDIS_URL);
});

afterAll(async () => {
  const left = await redis.keys(`${prefix}:*`);
  if (left.length) await redis.del(...left);
  redis.disconnect();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits (up to 10 s: timers run late on a busy machine) until `done()` holds. */
async function until(done: () => boolean): Promise<void> {
  for (const end = Date.now() + 10_000; !done(); await sleep(10)) {
    if (Date.now() > end) throw new Error('timed out');
  }
}

describe('WatchPoller', () => {
  it('looks at every watched key in one MGET per interval and tells each its own answer', async () => {
    const poller = new WatchPoller(redis, 40);
    const mget = vi.spyOn(redis, 'mget');
    const exists = vi.spyOn(redis, 'exists');
    await redis.set(key(7), '1', 'PX', 10_000);
    const seen = new Map<number, boolean>();
    const started = Date.now();
    const stops = Array.from({ length: 50 }, (_, i) =>
      poller.watch(
        key(i),
        (w) => seen.set(i, w),
        (err) => expect.fail(String(err)),
      ),
    );
    await until(() => mget.mock.calls.length >= 2 && seen.size === 50);
    // One look per interval at most, not one per match.
    expect(mget.mock.calls.length).toBeLessThanOrEqual((Date.now() - started) / 40 + 1);
    for (const [keys] of mget.mock.calls) expect(keys).toHaveLength(50);
    expect(exists).not.toHaveBeenCalled();
    expect(seen.get(7)).toBe(true);
    expect([...seen].filter(([, w]) => w).map(([i]) => i)).toEqual([7]);
    expect(seen.size).toBe(50);

    // The key goes away: its match hears so at the next look.
    await redis.del(key(7));
    await until(() => seen.get(7) === false);

    for (const stop of stops) stop();
    expect(poller.size).toBe(0);
    const after = mget.mock.calls.length;
    await sleep(120);
    expect(mget.mock.calls.length).toBe(after);
    mget.mockRestore();
    exists.mockRestore();
  });

  it('sends at most 500 keys a command', async () => {
    const poller = new WatchPoller(redis, 30);
    const mget = vi.spyOn(redis, 'mget');
    const stops = Array.from({ length: 1_200 }, (_, i) =>
      poller.watch(
        key(1000 + i),
        () => undefined,
        () => undefined,
      ),
    );
    await until(() => mget.mock.calls.length >= 3);
    stops.forEach((stop) => stop());
    expect(mget.mock.calls.map(([keys]) => (keys as string[]).length).slice(0, 3)).toEqual([500, 500, 200]);
    mget.mockRestore();
  });

  it('tells every listener of a key, and passes a failed look to each', async () => {
    const broken = new Redis(REDIS_URL, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
    });
    broken.on('error', () => undefined);
    const poller = new WatchPoller(broken, 20);
    const failures: string[] = [];
    const a = poller.watch(
      key(1),
      () => undefined,
      (err) => failures.push(`a ${String(err)}`),
    );
    const b = poller.watch(
      key(1),
      () => undefined,
      (err) => failures.push(`b ${String(err)}`),
    );
    await until(() => failures.some((f) => f.startsWith('a ')) && failures.some((f) => f.startsWith('b ')));
    a();
    b();
    expect(poller.size).toBe(0);
    broken.disconnect();
  });

  it('is one poller per Redis client and interval', () => {
    expect(watchPoller(redis, 500)).toBe(watchPoller(redis, 500));
    expect(watchPoller(redis, 500)).not.toBe(watchPoller(redis, 250));
  });
});
