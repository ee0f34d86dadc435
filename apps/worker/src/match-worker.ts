import { DelayedError, UnrecoverableError, Worker } from 'bullmq';
import type { ConnectionOptions, Job } from 'bullmq';
import { abortMatch } from '@coup/db';
import { MatchJob, QUEUE, throttled } from '@coup/gateway';
import { CANCELLED, MATCH_BACKOFF, matchRetryDelay } from '@coup/competition';
import { AccountSlots } from './account-slots';
import { asJobFailure } from './job-failure';
import type { MatchJobDeps, MatchJobOutcome } from './run-match-job';
import { liveFeed } from './live-feed';
import { runMatchJob } from './run-match-job';

export interface MatchWorkerOptions extends MatchJobDeps {
  connection: ConnectionOptions;
  prefix: string;
  /** The queue it pulls from: QUEUE.matches (the default) or QUEUE.tables. */
  queue?: string;
  concurrency: number;
  /**
   * Most matches of one account it plays at once (WORKER_SLOTS_PER_ACCOUNT; half of TABLE_CONCURRENCY for
   * tables): a job over its account's share waits (account-slots.ts). Unset: no share.
   */
  slotsPerAccount?: number;
  /** A job whose worker stops renewing its lock for this long is handed to another worker. */
  lockDurationMs: number;
  /**
   * Called once a match's job is over (finished, aborted or failed for good), e.g. to queue the next deal of
   * its prompt experiment. `grouped`: whether the match belongs to a match group (true when not known).
   * Its failures are logged, never the job's.
   */
  onMatchEnded?: (matchId: string, o: { grouped: boolean }) => Promise<unknown>;
}

/** A match job's return value (kept with the job in Redis). */
export interface MatchJobReturn {
  outcome: MatchJobOutcome;
  /** Whether the match belongs to a match group: only then can its end queue more matches. */
  grouped: boolean;
}

/** Why the runs of a worker that stops at once are cancelled: their jobs go back to the queue. */
const STOPPING = 'worker stopping: the match is run again from the start';
/** How long a stop at once waits for the cancelled runs to hand their jobs back. */
const HAND_BACK_MS = 5000;
/**
 * A handed-back job waits this long before another worker may take it: longer than the stopping worker
 * needs to close, so a fetch it still has in flight cannot take the job back.
 */
const HAND_BACK_DELAY_MS = 1000;
/**
 * A job over its account's share waits this long before a worker looks at it again: short enough that the
 * account's next match starts soon after one of its slots frees, long enough not to spin on its jobs.
 */
export const SHARE_WAIT_MS = 1000;
/** Why a run is cancelled when its match was aborted from outside (an experiment cancelled: match-cancel.ts). */
const CANCELLED_RUN = 'the match was cancelled';
/** Match workers stopping at once (stopMatchWorker): a job they still fetch goes back unplayed. */
const stopping = new WeakSet<Worker>();

/**
 * Back to the queue, nothing stored and no attempt counted (the match is not even claimed), to be played
 * from the start by the next worker that takes it after `delayMs`.
 */
async function handBack(job: Job<MatchJob>, token: string, delayMs = HAND_BACK_DELAY_MS): Promise<never> {
  await job.moveToDelayed(Date.now() + delayMs, token);
  throw new DelayedError();
}

/**
 * Pulls queued matches. If a worker dies mid-match its job's lock expires, BullMQ's stalled-job check
 * moves the job back to waiting, and another worker runs the match again from the start; the result is
 * stored once whatever happens (see runMatchJob). A job that fails because Postgres or Redis is away is
 * retried with a capped exponential backoff (match-retry.ts); any other failure fails the job at once.
 */
export function createMatchWorker(o: MatchWorkerOptions): Worker<MatchJob> {
  const slots = o.slotsPerAccount !== undefined ? new AccountSlots(o.slotsPerAccount) : null;
  const worker = new Worker<MatchJob>(
    o.queue ?? QUEUE.matches,
    async (job, token, signal) => {
      if (stopping.has(worker) && token) return handBack(job, token);
      const parsed = MatchJob.safeParse(job.data);
      if (!parsed.success) throw new UnrecoverableError(`bad match job data: ${parsed.error.message}`);
      // Its account holds its share of this worker's slots: the match waits, unclaimed, and the slot goes
      // to the next job (another account's, or the platform's).
      const { account } = parsed.data;
      const held = account !== undefined && slots !== null && slots.take(account);
      if (account !== undefined && slots !== null && !held && token) {
        return handBack(job, token, SHARE_WAIT_MS);
      }
      let grouped = true;
      try {
        const outcome = await runMatchJob(parsed.data.matchId, o, signal, (m) => {
          grouped = m.groupId !== null;
        });
        return { outcome, grouped } satisfies MatchJobReturn;
      } catch (err) {
        // Stopped at once (stopMatchWorker): back to the queue for the next worker, nothing stored.
        if (signal?.aborted && signal.reason === STOPPING && token) return handBack(job, token);
        // Aborted from outside (cancelMatchRuns): the match is aborted already; its spectators are told.
        if (signal?.aborted && signal.reason === CANCELLED_RUN) {
          liveFeed(parsed.data.matchId, o).aborted(CANCELLED);
          return { outcome: 'aborted', grouped } satisfies MatchJobReturn;
        }
        // A run stopped because this worker lost the job is the other worker's now: not a failure to classify.
        if (signal?.aborted) throw err;
        throw asJobFailure(err);
      } finally {
        if (held && account !== undefined) slots?.release(account);
      }
    },
    {
      connection: o.connection,
      prefix: o.prefix,
      concurrency: o.concurrency,
      lockDuration: o.lockDurationMs,
      stalledInterval: Math.max(500, Math.floor(o.lockDurationMs / 2)),
      // A match is re-run after a crash; only a match that crashes workers again and again is given up.
      maxStalledCount: 5,
      // Match jobs back off by MATCH_BACKOFF (a capped exponential: match-retry.ts); BullMQ asks the worker.
      settings: {
        backoffStrategy: (attemptsMade: number, type?: string) =>
          type === MATCH_BACKOFF ? matchRetryDelay(attemptsMade) : matchRetryDelay(1),
      },
    },
  );
  // Errors that repeat while a server is away: each message logged at most once a minute.
  const report = throttled(o.log);
  const ended = (matchId: string, grouped = true) =>
    void o.onMatchEnded?.(matchId, { grouped }).catch((err: unknown) => report('after a match ended', err));
  worker.on('completed', (job, result: MatchJobReturn | undefined) =>
    ended(job.data.matchId, result?.grouped),
  );
  // A worker that could not renew a job's lock (it was frozen, or cut off from Redis) has seen its match
  // handed to another worker: it stops playing it instead of finishing a run whose faults (the deadlines it
  // slept through) would be charged to the agents.
  worker.on('lockRenewalFailed', (jobIds) => {
    for (const id of jobIds) worker.cancelJob(id, 'lock lost: another worker runs this match');
  });
  // A match whose job has failed for good (every attempt failed, or the failure cannot pass) is aborted
  // with the reason; if Postgres cannot take that now, the sweeper does it later (ladder/sweep.ts).
  worker.on('failed', (job, err) => {
    if (!job) return;
    const final = Boolean(job.finishedOn) || err instanceof UnrecoverableError;
    // Retries come in bursts during an outage (every queued match fails the same way): logged sparingly.
    if (!final) return report('match jobs are being retried', err);
    o.log?.('match job failed', { matchId: job.data.matchId, err: err.message });
    const { matchId } = job.data;
    void abortMatch(o.prisma, matchId, `worker error: ${err.message}`.slice(0, 500))
      .then((aborted) => aborted && liveFeed(matchId, o).aborted())
      .catch(() => undefined)
      .finally(() => ended(matchId));
  });
  // Redis going away is reported here (BullMQ reconnects by itself).
  worker.on('error', (err) => report('match worker: redis error', err));
  return worker;
}

/**
 * Stops this worker's runs of these matches, if it runs any: they were aborted in Postgres (an experiment
 * cancelled), so the runs only cost agents' and models' time and hold slots. Their jobs complete as aborted.
 */
export function cancelMatchRuns(worker: Worker<MatchJob>, matchIds: readonly string[]): void {
  for (const id of matchIds) worker.cancelJob(id, CANCELLED_RUN);
}

/**
 * Stops the match worker. Graceful: the running matches finish and are stored first. At once (`force`): the
 * running matches are cancelled and their jobs handed back to the queue, so another worker (or this one,
 * started again) plays them from the start, right away. Their runs stop first: a run left going while the
 * process closes its connections would see every agent fail and store a result of faults and forfeits.
 */
export async function stopMatchWorker(worker: Worker<MatchJob>, o: { force: boolean }): Promise<void> {
  if (!o.force) return worker.close();
  stopping.add(worker);
  worker.cancelAllJobs(STOPPING);
  // close() waits for the cancelled runs to hand their jobs back; a run stuck past that is cut off.
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((r) => (timer = setTimeout(r, HAND_BACK_MS)));
  await Promise.race([worker.close(), late]);
  clearTimeout(timer);
}
