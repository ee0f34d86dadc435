import type { Redis } from 'ioredis';

// The rate limiter's counters, shared by every API process through Redis, without a Redis round trip on
// every request (issue 23: the round trip and its parsing were ~10% of the API's CPU on the hot reads, and
// a socket write and read each way). A process takes requests from a key's shared counter in small leases
// (INCRBY) and spends them locally until the lease runs out or the key's window ends. A lease is at most
// 1/16 of what the window has left (and at most 100; requests arriving while a key's INCRBY is in flight
// wait for it, and the next one takes as many as wait), so as a key nears its limit its leases shrink to
// one request: a single process counts exactly as before (the (max+1)th request of a window is refused),
// and across processes the limit stays a strict bound on what all of them let through together (every
// request allowed holds a number <= max of the shared counter). What differs with several processes: a
// client may be refused by one while another still holds a few unused requests of its last lease, and
// the x-ratelimit-remaining header is this process's view.

/** A key's counter as this process last saw it. */
interface KeyState {
  /** The shared counter after this process's last INCRBY. */
  counter: number;
  /** Requests of this process's lease not spent yet (counted in `counter` already). */
  left: number;
  /** When the key's window ends (ms since the epoch). */
  endsAt: number;
  /** While a lease is being taken: the requests waiting for it (one INCRBY in flight per key). */
  waiting: Waiter[] | null;
}

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;

interface Waiter {
  cb: Callback;
  timeWindow: number;
  max: number;
}

// INCRBY that starts the window when it creates the key (as the plugin's own script does with INCR).
const LEASE_SCRIPT = `
  local current = redis.call('INCRBY', KEYS[1], tonumber(ARGV[2]))
  local ttl
  if current == tonumber(ARGV[2]) then
    ttl = tonumber(ARGV[1])
    redis.call('PEXPIRE', KEYS[1], ttl)
  else
    ttl = redis.call('PTTL', KEYS[1])
    if ttl < 0 then
      ttl = tonumber(ARGV[1])
      redis.call('PEXPIRE', KEYS[1], ttl)
    end
  end
  return {current, ttl}`;

type LeaseRedis = Redis & {
  rateLimitLease(
    key: string,
    windowMs: number,
    take: number,
    cb: (err: Error | null, r: [number, number]) => void,
  ): void;
};

/** How many requests to take from the shared counter at once, given how far it is from `max`. */
export function leaseSize(counter: number, max: number): number {
  return Math.max(1, Math.min(100, Math.floor((max - counter) / 16)));
}

/** Keys kept before the expired ones are dropped (one entry per client address or account seen). */
const PRUNE_AT = 10_000;

/**
 * A @fastify/rate-limit store (`store` option: the plugin constructs it) over `redis`, its keys under
 * `prefix`. Only `incr` is implemented (`{ increment: false }` reads are not used here).
 */
export function leasedRedisStore(redis: Redis, prefix: string) {
  const r = redis as LeaseRedis;
  if (!r.rateLimitLease) r.defineCommand('rateLimitLease', { numberOfKeys: 1, lua: LEASE_SCRIPT });
  const keys = new Map<string, KeyState>();

  const spend = (s: KeyState, w: Waiter, now: number) => {
    s.left--;
    w.cb(null, { current: s.counter - s.left, ttl: s.endsAt - now });
  };

  /** One INCRBY for every request waiting on the key (and a lease for the next ones). */
  const take = (key: string, s: KeyState) => {
    const waiting = s.waiting as Waiter[];
    const { timeWindow, max } = waiting[0] as Waiter;
    const n = Math.max(leaseSize(s.endsAt > Date.now() ? s.counter : 0, max), waiting.length);
    r.rateLimitLease(key, timeWindow, n, (err, res) => {
      const all = s.waiting as Waiter[];
      s.waiting = null;
      if (err) {
        for (const w of all) w.cb(err);
        return;
      }
      const now = Date.now();
      // This process's requests are the shared counter's numbers res[0] - n + 1 ... res[0].
      [s.counter, s.left, s.endsAt] = [res[0], n, now + res[1]];
      const served = all.slice(0, n);
      for (const w of served) spend(s, w, now);
      // Requests that came while the INCRBY was in flight, beyond what it took: another one for them.
      if (all.length > n) {
        s.waiting = all.slice(n);
        take(key, s);
      }
    });
  };

  class LeasedRedisStore {
    /** The keys' prefix: the plugin constructs the global store with its options (unused here). */
    key = prefix;

    incr(id: string, cb: Callback, timeWindow: number, max: number): void {
      const key = this.key + id;
      const now = Date.now();
      let s = keys.get(key);
      if (s?.waiting) {
        s.waiting.push({ cb, timeWindow, max });
        return;
      }
      if (s && s.endsAt > now && s.left > 0) {
        spend(s, { cb, timeWindow, max }, now);
        return;
      }
      if (!s) {
        if (keys.size >= PRUNE_AT) {
          for (const [k, x] of keys) if (x.endsAt <= now && !x.waiting) keys.delete(k);
        }
        s = { counter: 0, left: 0, endsAt: 0, waiting: null };
        keys.set(key, s);
      }
      s.waiting = [{ cb, timeWindow, max }];
      take(key, s);
    }

    /** The store of a route with its own limit: the plugin's RedisStore keys them by method and url. */
    // (At run time the plugin passes the route's merged limit options with the route as `routeInfo`; its
    // typings say otherwise.)
    child(routeOptions: object) {
      const { method, url } = (routeOptions as { routeInfo: { method: string; url: string } }).routeInfo;
      const store = new LeasedRedisStore();
      store.key = `${this.key}${method}${url}-`;
      return store;
    }
  }
  return LeasedRedisStore;
}
