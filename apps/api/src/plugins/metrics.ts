import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { timingSafeEqual } from 'node:crypto';
import client from 'prom-client';
import { z } from 'zod';
import { bearerToken } from './auth';
import { ErrorBody } from '@coup/api-contract';
import { matchCountsByStatus } from '../repositories/ops';

export interface MetricsOptions {
  adminKey: string;
  /** METRICS_TOKEN: a token that may read /metrics and nothing else (for a Prometheus scraper). */
  token?: string | undefined;
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Prometheus metrics at /metrics: process, HTTP requests, and queue depths. Not public (they show traffic
 * and queue sizes): `Authorization: Bearer <ADMIN_KEY or METRICS_TOKEN>`.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, opts: MetricsOptions) => {
  const accepted = [opts.adminKey, opts.token].filter((t): t is string => Boolean(t));
  async function requireScraper(req: FastifyRequest, reply: FastifyReply) {
    const token = bearerToken(req);
    if (token && accepted.some((t) => sameSecret(token, t))) return;
    return reply
      .code(401)
      .header('www-authenticate', 'Bearer realm="metrics"')
      .send({
        error: {
          code: 'unauthorized',
          message: token
            ? 'invalid metrics token'
            : 'metrics need "Authorization: Bearer <token>": the admin key or METRICS_TOKEN',
        },
      });
  }

  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'coup_' });
  const requests = new client.Histogram({
    name: 'coup_http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  new client.Gauge({
    name: 'coup_match_jobs',
    help: 'Match jobs by state',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      // While Redis is away the queue's commands wait for it: /metrics answers without the job counts.
      if (app.redis.status !== 'ready') return this.reset();
      // Casual matches wait as `prioritized` (behind the platform's own: @coup/platform match-placement.ts).
      const counts = await app.matchQueue.getJobCounts(
        'waiting',
        'prioritized',
        'active',
        'delayed',
        'failed',
        'completed',
      );
      for (const [state, n] of Object.entries(counts)) this.set({ state }, n);
    },
  });
  new client.Gauge({
    name: 'coup_matches',
    help: 'Matches in the database by status',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const rows = await matchCountsByStatus(app.prisma);
      this.reset();
      for (const r of rows) this.set({ status: r.status }, r.count);
    },
  });

  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    requests.observe(
      { method: req.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  app.get(
    '/metrics',
    {
      onRequest: requireScraper,
      schema: {
        tags: ['ops'],
        summary: 'Prometheus metrics (Authorization: Bearer <ADMIN_KEY or METRICS_TOKEN>)',
        security: [{ bearer: [] }],
        response: {
          200: {
            description: 'Prometheus text exposition format',
            content: { 'text/plain': { schema: z.string() } },
          },
          401: ErrorBody,
        },
      },
    },
    async (_req, reply) => {
      reply.header('content-type', registry.contentType);
      return registry.metrics();
    },
  );
});
