// How a match job is retried. A failure that can pass (Postgres or Redis unreachable) is tried again with
// a backoff that doubles from 1 s up to 30 s per wait, over 20 attempts: about 7.5 minutes in all, so a
// database outage of several minutes ends with the match played, not lost. A failure that will always
// happen is thrown as BullMQ's UnrecoverableError by the worker and fails at once (apps/worker job-failure.ts).

export const MATCH_RETRY = {
  attempts: 20,
  firstDelayMs: 1000,
  maxDelayMs: 30_000,
} as const;

/** The backoff type name of match jobs; the match worker registers matchRetryDelay under it. */
export const MATCH_BACKOFF = 'match-capped-exponential';

/** Wait before the next try after `attemptsMade` failed tries (1 -> 1 s, 2 -> 2 s, ... capped at 30 s). */
export function matchRetryDelay(attemptsMade: number): number {
  const n = Math.max(1, Math.floor(attemptsMade));
  return Math.min(MATCH_RETRY.maxDelayMs, MATCH_RETRY.firstDelayMs * 2 ** Math.min(n - 1, 30));
}

/** The longest a match job keeps being retried after its first failure (the sum of every wait). */
export function matchRetryWindowMs(): number {
  let total = 0;
  for (let n = 1; n < MATCH_RETRY.attempts; n++) total += matchRetryDelay(n);
  return total;
}

/** Options of every match job (job id = match id is set by enqueueMatch). */
export const matchJobOptions = {
  attempts: MATCH_RETRY.attempts,
  backoff: { type: MATCH_BACKOFF },
  removeOnComplete: { count: 1000 },
  removeOnFail: { count: 1000 },
};
