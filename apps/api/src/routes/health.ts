import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Health, Ready } from '@coup/api-contract';
import { pingPostgres } from '../repositories/ops';

async function within<T>(ms: number, p: Promise<T>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      p.then(() => true),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms))),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      config: { rateLimit: false },
      schema: { tags: ['ops'], summary: 'Liveness: the process answers', response: { 200: Health } },
    },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/readyz',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['ops'],
        summary: 'Readiness: Postgres and Redis are reachable',
        response: { 200: Ready, 503: Ready },
      },
    },
    async (_req, reply) => {
      const [postgres, redis] = await Promise.all([
        within(2000, pingPostgres(app.prisma)),
        within(2000, app.redis.ping()),
      ]);
      const ok = postgres && redis;
      return reply
        .code(ok ? 200 : 503)
        .send({ status: ok ? 'ok' : 'unavailable', checks: { postgres, redis } });
    },
  );
};
