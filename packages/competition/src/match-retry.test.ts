import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { afterAll, describe, expect, it } from 'vitest';
import { enqueueMatch } from './create-match';
import { MATCH_BACKOFF, MATCH_RETRY, matchRetryDelay, matchRetryWindowMs } from './match-retry';
import { QUEUE } from '@coup/gateway';
import type { MatchJob } from '@coup/gateway';

// Match jobs outlast a database outage of minutes (not three tries within 3 s), with waits that never grow
// past 30 s, so the platform resumes soon after the outage ends.

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const queue = new Queue<MatchJob>(QUEUE.matches, {
  connection: { url: REDIS_URL },
  prefix: `retry${randomBytes(4).toString('hex')}`,
});

afterAll(async () => {
  await queue.obliterate({ force: true }).catch(() => undefined);
  await queue.close();
});

describe('match job retries', () => {
  it('back off exponentially from 1 s, capped at 30 s, over more than 2 minutes in all', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(matchRetryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
    for (let n = 1; n < 100; n++) expect(matchRetryDelay(n)).toBeLessThanOrEqual(30_000);
    expect(matchRetryWindowMs()).toBeGreaterThan(2 * 60_000);
    expect(matchRetryWindowMs()).toBeLessThan(10 * 60_000);
  });

  it('every match job is added with that policy, whatever the queue defaults', async () => {
    await enqueueMatch(queue, 'mt_retry');
    const job = await queue.getJob('mt_retry');
    expect(job?.opts.attempts).toBe(MATCH_RETRY.attempts);
    expect(job?.opts.backoff).toEqual({ type: MATCH_BACKOFF });
  });
});
