import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { accountIdByKey } from '../repositories/accounts';
import { bearerToken } from './auth';
import { HttpError } from '../errors';
import { rateLimitMessage, windowOf } from './rate-limit-message';
import { redisGate } from './redis-gate';
import { leasedRedisStore } from './rate-limit-store';
import {
  isJsonApiRoute,
  SECURITY_HEADERS,
  staticSecurityHeaders,
  THIRD_PARTY_PAGE_HEADERS,
  THIRD_PARTY_PAGES,
} from './security-headers';

/** CORS, security headers (a Content-Security-Policy on every page), and rate limits per API key (per IP for anonymous calls), shared through Redis. */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  await app.register(cors, { origin: app.env.CORS_ORIGIN === '*' ? true : app.env.CORS_ORIGIN.split(',') });
  // CSP, frame, referrer and sniffing headers on every response (security-headers.ts); the routes of the
  // documentation and the queue board, added later by their plugins, get their own policy.
  app.addHook('onRoute', (route) => {
    if (THIRD_PARTY_PAGES.some((p) => route.url === p || route.url.startsWith(`${p}/`))) {
      // Read by helmet's own onRoute hook, added after this one.
      route.helmet = THIRD_PARTY_PAGE_HEADERS;
    } else if (isJsonApiRoute(route.url)) {
      // Set below from a precomputed list, without nonces.
      route.helmet = false;
    }
  });
  await app.register(helmet, SECURITY_HEADERS);
  const apiHeaders = staticSecurityHeaders(SECURITY_HEADERS);
  app.addHook('onRequest', (req, reply, done) => {
    if (isJsonApiRoute(req.routeOptions.url)) for (const [k, v] of apiHeaders) reply.raw.setHeader(k, v);
    done();
  });
  // The counters live in Redis. While Redis is away the limiter steps aside (and says so once) rather than
  // failing every request: reading the leaderboard or a replay needs only Postgres.
  const redis = redisGate(app.redis, {
    warn: (msg) => app.log.warn(msg),
    info: (msg) => app.log.info(msg),
  });
  await app.register(rateLimit, {
    allowList: () => redis.down(),
    // A command that fails anyway (Redis went away a moment ago) lets the request through too.
    skipOnError: true,
    global: true,
    max: app.env.RATE_LIMIT_MAX,
    timeWindow: app.env.RATE_LIMIT_WINDOW_MS,
    // Counted in Redis in leases (rate-limit-store.ts): no Redis round trip on most requests.
    store: leasedRedisStore(app.redis, `${app.env.QUEUE_PREFIX}:ratelimit:`),
    keyGenerator: async (req) => {
      const token = bearerToken(req);
      // Only a key that exists gets a bucket of its own: made-up tokens must not buy fresh limits.
      if (token) {
        const account = await accountIdByKey(app.prisma, token).catch(() => null);
        if (account) return `account:${account.id}`;
      }
      return `ip:${req.ip}`;
    },
    // The plugin throws what this returns: an HttpError, so it gets the one error shape like any other.
    // ctx.after is the wait, not the window: the window is the route's own or the global one.
    errorResponseBuilder: (req, ctx) => {
      const facts = {
        max: ctx.max,
        windowMs: windowOf(req, app.env.RATE_LIMIT_WINDOW_MS),
        // Rounded up like the plugin's Retry-After header, so both say the same.
        retryAfterSeconds: Math.ceil(ctx.ttl / 1000),
      };
      return new HttpError(429, 'rate_limited', rateLimitMessage(facts), facts);
    },
  });
});
