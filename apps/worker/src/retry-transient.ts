import { setTimeout as sleep } from 'node:timers/promises';
import { isTransient } from '@coup/gateway';

export interface RetryTransientOptions {
  /** Give up (throw the last error) once this long has passed since the first failure. */
  windowMs: number;
  /** Waits double from this up to maxDelayMs. */
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** Stops waiting (throws the signal's reason) when aborted. */
  signal?: AbortSignal;
  onRetry?: (err: unknown, attempt: number) => void;
}

/**
 * Runs `fn` until it succeeds, retrying transient failures (isTransient) within a time window. Used for
 * the one write at the end of a played match: while Postgres is away the result waits in memory instead of
 * the whole match being played again against live agents.
 */
export async function retryTransient<T>(fn: () => Promise<T>, o: RetryTransientOptions): Promise<T> {
  const first = o.firstDelayMs ?? 500;
  const max = o.maxDelayMs ?? 5000;
  let since: number | null = null;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      since ??= Date.now();
      if (!isTransient(err) || Date.now() - since >= o.windowMs) throw err;
      o.onRetry?.(err, attempt);
      await sleep(Math.min(max, first * 2 ** Math.min(attempt - 1, 20)), undefined, {
        ...(o.signal ? { signal: o.signal } : {}),
      }).catch(() => {
        throw o.signal?.reason ?? err;
      });
    }
  }
}
