import type { Redis } from 'ioredis';

export interface GateLog {
  warn(msg: string): void;
  info(msg: string): void;
}

export interface RedisGate {
  /** True while the connection is not ready; says so once when Redis goes away and once when it is back. */
  down(): boolean;
}

/**
 * Whether Redis can take commands right now, from the client's own connection state (no round trip), so
 * that what can do without Redis (the rate limiter: read-only routes keep working) skips it at once
 * instead of waiting for a command to time out on every request.
 */
export function redisGate(redis: Redis, log: GateLog): RedisGate {
  let wasDown = false;
  return {
    down() {
      const isDown = redis.status !== 'ready';
      if (isDown && !wasDown)
        log.warn(`Redis is unreachable (${redis.status}): rate limiting is off until it is back`);
      if (!isDown && wasDown) log.info('Redis is reachable again: rate limiting is back on');
      wasDown = isDown;
      return isDown;
    },
  };
}
