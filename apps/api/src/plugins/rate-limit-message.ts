import type { FastifyRequest } from 'fastify';
import { parse } from '@lukeed/ms';

// What a 429 says: the limit that was hit (the route's own or the global one) and the real wait, the same
// number of seconds as the Retry-After header.

/** A window as people say it: "1 minute", "10 minutes", "90 seconds", "1500 ms" (never rounded). */
export function formatWindow(ms: number): string {
  const units: [number, string][] = [
    [86_400_000, 'day'],
    [3_600_000, 'hour'],
    [60_000, 'minute'],
    [1000, 'second'],
  ];
  for (const [size, name] of units) {
    if (ms >= size && ms % size === 0) {
      const n = ms / size;
      return `${n} ${name}${n === 1 ? '' : 's'}`;
    }
  }
  return `${ms} ms`;
}

/** The time window that applies to the request: its route's `config.rateLimit.timeWindow`, or the global one. */
export function windowOf(req: FastifyRequest, globalWindowMs: number): number {
  const own = (req.routeOptions.config as { rateLimit?: { timeWindow?: unknown } | false }).rateLimit;
  const w = own ? own.timeWindow : undefined;
  if (typeof w === 'number' && Number.isFinite(w)) return w;
  if (typeof w === 'string') return parse(w) ?? globalWindowMs;
  return globalWindowMs;
}

export interface RateLimitFacts {
  max: number;
  windowMs: number;
  /** Seconds until the window resets: what Retry-After says. */
  retryAfterSeconds: number;
}

export const rateLimitMessage = (f: RateLimitFacts) =>
  `rate limit of ${f.max} requests per ${formatWindow(f.windowMs)} exceeded; retry in ${f.retryAfterSeconds} s`;
