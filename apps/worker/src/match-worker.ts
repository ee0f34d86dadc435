import { Worker } from 'bullmq';
import type { ConnectionOptions } from 'bullmq';
import { abortMatch } from '@coup/db';
import { MatchJob, QUEUE } from '@coup/platform';
import type { MatchJobDeps } from './run-match-job';
import { liveChannel, runMatchJob } from './run-match-job';

export interface MatchWorkerOptions extends MatchJobDeps {
  connection: ConnectionOptions;
  prefix: string;
  concurrency: number;
  /** A job whose worker stops renewing its lock for this long is handed to another worker. */
  lockDurationMs: number;
}

/**
 * Pulls queued matches. If a worker dies mid-match its job's lock expires, BullMQ's stalled-job check
 * moves the job back to waiting, and another worker runs the match again from the start; the result is
 * stored once whatever happens (see runMatchJob).
 */
export function createMatchWorker(o: MatchWorkerOptions): Worker<MatchJob> {
  const worker = new Worker<MatchJob>(
    QUEUE.matches,
    async (job, _token, signal) => {
      const { matchId } = MatchJob.parse(job.data);
      return runMatchJob(matchId, o, signal);
    },
    {
      connection: o.connection,
      prefix: o.prefix,
      concurrency: o.concurrency,
      lockDuration: o.lockDurationMs,
      stalledInterval: Math.max(500, Math.floor(o.lockDurationMs / 2)),
      // A match is re-run after a crash; only a match that crashes workers again and again is given up.
      maxStalledCount: 5,
    },
  );
  // A worker that could not renew a job's lock (it was frozen, or cut off from Redis) has seen its match
  // handed to another worker: it stops playing it instead of finishing a run whose faults (the deadlines it
  // slept through) would be charged to the agents.
  worker.on('lockRenewalFailed', (jobIds) => {
    for (const id of jobIds) worker.cancelJob(id, 'lock lost: another worker runs this match');
  });
  // A match whose job has failed for good (every attempt threw, e.g. the database was unreachable) is
  // aborted rather than left running forever.
  worker.on('failed', (job, err) => {
    if (!job || job.attemptsMade < (job.opts.attempts ?? 1)) return;
    o.log?.('match job failed', { matchId: job.data.matchId, err: err.message });
    const { matchId } = job.data;
    void abortMatch(o.prisma, matchId, `worker error: ${err.message}`.slice(0, 500))
      .then((aborted) => aborted && liveChannel(matchId, o).aborted())
      .catch(() => undefined);
  });
  return worker;
}
