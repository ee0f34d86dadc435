import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import client from 'prom-client';

/** Prometheus metrics at /metrics: process, HTTP requests, and queue depths. */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
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
      const counts = await app.matchQueue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed');
      for (const [state, n] of Object.entries(counts)) this.set({ state }, n);
    },
  });
  new client.Gauge({
    name: 'coup_matches',
    help: 'Matches in the database by status',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const rows = await app.prisma.match.groupBy({ by: ['status'], _count: { _all: true } });
      this.reset();
      for (const r of rows) this.set({ status: r.status }, r._count._all);
    },
  });

  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    requests.observe(
      { method: req.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  app.get('/metrics', { schema: { hide: true } }, async (_req, reply) => {
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
});
