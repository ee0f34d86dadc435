import { randomUUID } from 'node:crypto';
import type { Cluster, Redis } from 'ioredis';

// A backlog closer rests after each batch so that play keeps its pace (close-periods.ts, restRatio). With
// several worker processes each would start its own closer thread, and they would take turns at the ratings
// lock during each other's rests: with N processes the backlog took N times the share the rest allows. So a
// backlog is closed under a lease in Redis, shared by every worker process on the platform: one closer at a
// time. The lease is renewed while its holder closes and lapses on its own when the holder dies.

/** The lease lapses this long after its holder last renewed it (renewed every third of it). */
export const LEASE_MS = 60_000;

/** Renews the lease only if it is still this holder's (a lapsed lease may have been taken by another). */
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;

export interface Lease {
  release(): Promise<void>;
}

/** The lease at `key`, or null while another holder has it. */
export async function takeLease(client: Redis | Cluster, key: string, ms = LEASE_MS): Promise<Lease | null> {
  const token = randomUUID();
  if ((await client.set(key, token, 'PX', ms, 'NX')) !== 'OK') return null;
  // A failed renewal (Redis away for a moment) is tried again at the next; at worst the lease lapses and a
  // second closer may start, which the ratings lock keeps correct.
  const timer = setInterval(() => void client.eval(RENEW, 1, key, token, String(ms)).catch(() => 0), ms / 3);
  timer.unref();
  return {
    async release() {
      clearInterval(timer);
      await client.eval(RELEASE, 1, key, token).catch(() => 0);
    },
  };
}
