import type { Queue } from 'bullmq';
import { abortMatch, queuedBefore } from '@coup/db';
import type { PrismaClient } from '@coup/db';
import { eachQueue, enqueueMatch, placementOf } from '@coup/competition';
import type { MatchQueues } from '@coup/competition';
import type { MatchJob } from '@coup/gateway';

// The sweeper: nothing stays `queued` or `running` forever. A match's job can be lost (Redis restarted
// empty, a process died between writing the match and adding its job) or fail for good while Postgres was
// away (so the failure handler could not abort the match). Run periodically by the ladder worker; each
// write is conditional on what was read, so a worker claiming the match meanwhile always wins.

/** Claims of one match after which a match whose job keeps vanishing is aborted instead of re-queued. */
export const MAX_MATCH_ATTEMPTS = 5;

/** Job states in which BullMQ still holds the match and will run it (or is running it). */
const LIVE_STATES = new Set(['waiting', 'delayed', 'active', 'prioritized', 'waiting-children']);

export interface SweepOptions {
  /** The match queues (a match's job is in the queue of its lane: match-placement.ts); a bare Queue is both. */
  matchQueue: MatchQueues | Queue<MatchJob>;
  /** WORKER_LOCK_MS: a running match's job renews its lock within this time while a worker plays it. */
  lockMs: number;
  /** SWEEP_GRACE_MS: how long past that (and past its creation, for a queued match) a match is left alone. */
  graceMs: number;
  maxAttempts?: number;
  now?: number;
  /** At most this many matches of each status per sweep (oldest first). */
  limit?: number;
}

export interface SweepReport {
  /** Matches whose job was added again (a running one goes back to `queued` first). */
  requeued: string[];
  aborted: { id: string; reason: string }[];
}

export async function sweepMatches(prisma: PrismaClient, o: SweepOptions): Promise<SweepReport> {
  const now = o.now ?? Date.now();
  const limit = o.limit ?? 500;
  const maxAttempts = o.maxAttempts ?? MAX_MATCH_ATTEMPTS;
  const report: SweepReport = { requeued: [], aborted: [] };
  const abort = async (id: string, reason: string) => {
    if (await abortMatch(prisma, id, reason.slice(0, 500))) report.aborted.push({ id, reason });
  };

  const queued = await queuedBefore(prisma, new Date(now - o.graceMs), limit);
  for (const id of queued) {
    const job = await jobState(o.matchQueue, id);
    if (LIVE_STATES.has(job.state)) continue;
    if (job.state === 'failed') {
      await abort(id, `worker error: ${await failedReason(job.queue, id)}`);
      continue;
    }
    // Missing (or, oddly, completed while the match is still queued): hand it to the workers again.
    if (await replaceJob(prisma, o.matchQueue, id, job)) report.requeued.push(id);
  }

  // From matches_active (the matches not ended: matches.status has no index), each one's row by its key.
  const running = await prisma.$queryRaw<{ id: string; attempts: number; startedAt: Date | null }[]>`
    SELECT m.id, m.attempts, m.started_at AS "startedAt" FROM matches_active a JOIN matches m ON m.id = a.match_id
    WHERE m.status = 'running' AND m.started_at < ${new Date(now - o.lockMs - o.graceMs)}
    ORDER BY m.started_at LIMIT ${limit}`;
  for (const m of running) {
    const job = await jobState(o.matchQueue, m.id);
    if (LIVE_STATES.has(job.state)) continue;
    if (job.state === 'failed') {
      await abort(m.id, `worker error: ${await failedReason(job.queue, m.id)}`);
      continue;
    }
    if (m.attempts >= maxAttempts) {
      await abort(m.id, `no result after ${m.attempts} attempts: the worker running it was lost each time`);
      continue;
    }
    // Its worker is gone and so is its job (Redis lost it): a fresh attempt, unless a worker took it meanwhile.
    const { count } = await prisma.match.updateMany({
      where: { id: m.id, status: 'running', attempts: m.attempts, startedAt: m.startedAt },
      data: { status: 'queued' },
    });
    if (count === 0) continue;
    if (await replaceJob(prisma, o.matchQueue, m.id, job)) report.requeued.push(m.id);
  }
  return report;
}

async function failedReason(queue: Queue<MatchJob> | null, id: string): Promise<string> {
  const job = await queue?.getJob(id);
  return job?.failedReason || 'its job failed';
}

interface JobState {
  state: string;
  /** The queue holding the job (null: none does). */
  queue: Queue<MatchJob> | null;
}

/** The state of the match's job in whichever queue holds it (a live one first); `unknown` when none does. */
async function jobState(queues: MatchQueues | Queue<MatchJob>, id: string): Promise<JobState> {
  let found: JobState = { state: 'unknown', queue: null };
  for (const queue of eachQueue(queues)) {
    const state = await queue.getJobState(id);
    if (LIVE_STATES.has(state)) return { state, queue };
    if (state !== 'unknown' && found.state !== 'failed') found = { state, queue };
  }
  return found;
}

/**
 * Adds the match's job again, to the queue of its lane; a leftover finished job with the same id is removed
 * first. False when the match is gone.
 */
async function replaceJob(
  prisma: PrismaClient,
  queues: MatchQueues | Queue<MatchJob>,
  id: string,
  job: JobState,
): Promise<boolean> {
  const placement = await placementOf(prisma, id);
  if (!placement) return false;
  if (job.state === 'completed') await job.queue?.remove(id);
  await enqueueMatch(queues, id, placement);
  return true;
}
