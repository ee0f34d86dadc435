import type { FastifyInstance } from 'fastify';
import { migrate } from '@coup/db';
import { createRuntime } from '@coup/platform';
import type { Env, Runtime } from '@coup/platform';
import { startWorkers } from '@coup/worker';
import type { Workers } from '@coup/worker';
import { buildApp } from '../app';
import { resolveAdminKey } from './admin-key';
import { queueDemoMatches } from './demo';
import { ensureHouseAgents } from './house-agents';

export interface PlatformOptions {
  env: Env;
  databaseUrl: string;
  redisUrl: string;
  /** Run a match worker in this process (the one-command start does; a scaled-out API does not). */
  worker: boolean;
  /** Queue demo matches on an empty database. */
  demo: boolean;
  log?: (line: string) => void;
}

export interface RunningPlatform {
  app: FastifyInstance;
  runtime: Runtime;
  /** The match worker and ladder jobs, when this process runs them. */
  workers: Workers | null;
  url: string;
  adminKey: string;
  adminKeyFile: string | null;
  stop(opts?: { force?: boolean }): Promise<void>;
}

/** Migrates, then starts the API (and optionally a worker) on the given Postgres and Redis. */
export async function startPlatform(o: PlatformOptions): Promise<RunningPlatform> {
  const { env } = o;
  await migrate(o.databaseUrl, { log: o.log });
  const runtime = createRuntime(env, { databaseUrl: o.databaseUrl, redisUrl: o.redisUrl });
  const admin = resolveAdminKey(env.ADMIN_KEY);
  const house = await ensureHouseAgents(runtime.prisma);
  let publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const app = await buildApp({
    env,
    prisma: runtime.prisma,
    redis: runtime.redis,
    subscriber: runtime.subscriber,
    hub: runtime.hub,
    matchQueue: runtime.matchQueue,
    keys: runtime.keys,
    transports: runtime.transports,
    adminKey: admin.key,
    publicUrl,
  });
  await app.listen({ port: env.PORT, host: env.HOST });
  const address = app.server.address();
  // With PORT 0 the real port is known only now.
  if (!env.PUBLIC_URL && address && typeof address === 'object') {
    publicUrl = `http://localhost:${address.port}`;
    app.publicUrl = publicUrl;
  }

  const workers = o.worker
    ? await startWorkers(runtime, publicUrl, (msg, extra) => app.log.warn(extra ?? {}, msg))
    : null;
  if (o.demo)
    await queueDemoMatches(runtime.prisma, runtime.matchQueue, house, env.DEMO_MATCHES, env.MATCH_TIMEOUT_MS);

  return {
    app,
    runtime,
    workers,
    url: publicUrl,
    adminKey: admin.key,
    adminKeyFile: admin.file,
    async stop(opts: { force?: boolean } = {}) {
      await workers?.close(opts);
      await app.close();
      await runtime.close();
    },
  };
}
