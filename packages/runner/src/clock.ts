import { performance } from 'node:perf_hooks';

/** Time as the runner sees it; injectable so tests (golden replays) are deterministic. */
export interface Clock {
  /** Wall clock, epoch milliseconds (requestedAt, deadlines, startedAt). */
  now(): number;
  /** Monotonic milliseconds, for latencies and overheads. */
  mono(): number;
}

export const systemClock: Clock = { now: () => Date.now(), mono: () => performance.now() };
