import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureSchedulers, keepSchedulers } from './schedulers';

// Job schedulers live only in Redis. When Redis loses them (restarted empty, flushed), the ladder puts them
// back by itself: here the keys of this test's prefix are deleted, as a Redis restart would.
// (Re-creation on reconnect, with a real Redis killed and restarted, is in apps/api outage-redis.test.ts.)

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `sched${randomBytes(4).toString('hex')}`;
const SPECS = [
  { id: 'matchmake', everyMs: 60_000 },
  { id: 'sweep', everyMs: 30_000 },
];

let queue: Queue;
let redis: Redis;

beforeAll(() => {
  queue = new Queue('ladder', { connection: { url: REDIS_URL }, prefix });
  redis = new Redis(REDIS_URL);
});

afterAll(async () => {
  await queue.obliterate({ force: true }).catch(() => undefined);
  await queue.close();
  await wipe();
  redis.disconnect();
});

/** Deletes every key of this test's prefix: what a Redis restarted without its data looks like. */
async function wipe(): Promise<void> {
  const found = await redis.keys(`${prefix}:*`);
  if (found.length > 0) await redis.del(...found);
}

const ids = async () => (await queue.getJobSchedulers()).map((s) => s.key).sort();

describe('ladder schedulers', () => {
  it('ensureSchedulers creates the missing ones only, and removes unwanted ones', async () => {
    await queue.upsertJobScheduler('events', { every: 2000 }, { name: 'events' });
    expect(await ensureSchedulers(queue, SPECS, ['events'])).toEqual(['matchmake', 'sweep']);
    expect(await ids()).toEqual(['matchmake', 'sweep']);
    expect(await ensureSchedulers(queue, SPECS)).toEqual([]);
    // Another interval (the configuration changed) is applied.
    expect(await ensureSchedulers(queue, [{ id: 'sweep', everyMs: 10_000 }])).toEqual(['sweep']);
    expect((await queue.getJobScheduler('sweep'))?.every).toBe(10_000);
  });

  it('re-creates the schedulers after Redis lost them, without a restart', async () => {
    const recreated: string[][] = [];
    const keeper = await keepSchedulers(queue, SPECS, {
      checkEveryMs: 200,
      onRecreated: (r) => recreated.push(r),
    });
    try {
      expect(await ids()).toEqual(['matchmake', 'sweep']);
      await wipe();
      expect(await ids()).toEqual([]);
      const until = Date.now() + 10_000;
      while ((await ids()).length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      expect(await ids()).toEqual(['matchmake', 'sweep']);
      expect(recreated).toContainEqual(['matchmake', 'sweep']);
      // The next run of each is scheduled again too.
      expect(await queue.getJobCountByTypes('delayed', 'waiting', 'prioritized')).toBeGreaterThanOrEqual(2);
    } finally {
      keeper.stop();
    }
  });
});
