import type { Queue } from 'bullmq';
import { insertMatch, queuedBefore } from '@coup/db';
import type { NewMatch, PrismaClient } from '@coup/db';
import { matchJobOptions } from './match-retry';
import { asQueues, casual, eachQueue, FORMED, jobFor, placementOf } from './match-placement';
import type { MatchPlacement, MatchQueues } from './match-placement';
import type { MatchJob } from '@coup/gateway';

// Handing matches to the workers: the match row itself is written by insertMatch (@coup/db matches.ts, with
// the rest of the match's lifecycle SQL); here its job is added to the queue of its lane.

/**
 * Hands a match to the workers: to the queue of its lane, with its priority and the account it is charged
 * to (match-placement.ts). The job id is the match id, so a match is queued at most once; the retry policy
 * (match-retry.ts) is set here so that every queue, however it was created, adds the same job. A bare Queue
 * takes the job whatever its lane (tests, benchmarks); without a placement the match is the operator's
 * casual match.
 */
export async function enqueueMatch(
  queues: MatchQueues | Queue<MatchJob>,
  matchId: string,
  placement: MatchPlacement = casual(null),
): Promise<void> {
  const job = matchJob(matchId, placement);
  await asQueues(queues)[placement.lane].add(job.name, job.data, job.opts);
}

/**
 * enqueueMatch for several matches of one placement, in one round trip to Redis (BullMQ addBulk: one
 * MULTI). A matchmaking pass queues its matches this way.
 */
export async function enqueueMatches(
  queues: MatchQueues | Queue<MatchJob>,
  matchIds: readonly string[],
  placement: MatchPlacement = casual(null),
): Promise<void> {
  if (matchIds.length === 0) return;
  await asQueues(queues)[placement.lane].addBulk(matchIds.map((id) => matchJob(id, placement)));
}

/** A match's job as BullMQ adds it: its data, retry policy, priority, and the match id as the job id. */
function matchJob(matchId: string, placement: MatchPlacement) {
  const { data, priority } = jobFor(matchId, placement);
  return {
    name: 'match' as const,
    data,
    opts: { ...matchJobOptions, ...(priority !== undefined ? { priority } : {}), jobId: matchId },
  };
}

/** The placement of a match about to be written by `insertMatch` (not a table: openTable places those). */
export const placementOfNew = (m: NewMatch): MatchPlacement =>
  m.ranked || m.eventId !== undefined ? FORMED : casual(m.createdById ?? null);

/** How long createMatch waits for Redis to take a new match's job before answering anyway. */
export const ENQUEUE_WAIT_MS = 2000;

/**
 * Writes a queued match and hands it to the workers. The match is durable once written: if Redis is away
 * (its commands wait for it to come back), this returns after ENQUEUE_WAIT_MS all the same; the job is
 * added when Redis is back, or by the sweeper if this process is gone by then (see sweepMatches).
 */
export async function createMatch(
  prisma: PrismaClient,
  queues: MatchQueues | Queue<MatchJob>,
  m: NewMatch,
  waitMs = ENQUEUE_WAIT_MS,
): Promise<string> {
  const id = await insertMatch(prisma, m);
  await enqueueWithin(queues, id, placementOfNew(m), waitMs);
  return id;
}

/**
 * Adds a written match's job, waiting at most `waitMs` for Redis: if Redis is away, its commands wait for
 * it to come back and the job is added then (or by the sweeper if this process is gone by then).
 */
export async function enqueueWithin(
  queues: MatchQueues | Queue<MatchJob>,
  matchId: string,
  placement: MatchPlacement,
  waitMs = ENQUEUE_WAIT_MS,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const enqueued = enqueueMatch(queues, matchId, placement).then(
    () => true,
    () => false, // the sweeper adds it later
  );
  await Promise.race([enqueued, new Promise((r) => (timer = setTimeout(r, waitMs)))]);
  clearTimeout(timer);
}

/** Whether either queue holds the match's job (in whatever state). */
export async function hasJob(queues: MatchQueues | Queue<MatchJob>, matchId: string): Promise<boolean> {
  for (const q of eachQueue(queues)) if (await q.getJob(matchId)) return true;
  return false;
}

/**
 * Queued matches whose job is missing (a process died between writing the match and adding its job) get
 * their job again, in their lane. Matches waiting in a queue keep theirs: a job id is never added twice.
 */
export async function requeueOrphans(
  prisma: PrismaClient,
  queues: MatchQueues | Queue<MatchJob>,
  olderThanMs: number,
  now: number = Date.now(),
): Promise<string[]> {
  const stale = await queuedBefore(prisma, new Date(now - olderThanMs), 500);
  const requeued: string[] = [];
  for (const id of stale) {
    if (await hasJob(queues, id)) continue;
    const placement = await placementOf(prisma, id);
    if (!placement) continue;
    await enqueueMatch(queues, id, placement);
    requeued.push(id);
  }
  return requeued;
}
