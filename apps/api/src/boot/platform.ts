import type { FastifyInstance } from 'fastify';
import type { Worker } from 'bullmq';
import { migrate } from '@coup/db';
import { createRuntime } from '@coup/platform';
import type { Env, Runtime } from '@coup/platform';
import { createMatchWorker, startLadder } from '@coup/worker';
import type { LadderWorker } from '@coup/worker';
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
  worker: Worker | null;
  ladder: LadderWorker | null;
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
    // Filled in after listen when PORT is 0.
    get publicUrl() {
      return publicUrl;
    },
  });
  await app.listen({ port: env.PORT, host: env.HOST });
  const address = app.server.address();
  if (!env.PUBLIC_URL && address && typeof address === 'object')
    publicUrl = `http://localhost:${address.port}`;
  app.publicUrl = publicUrl;

  const worker = o.worker
    ? createMatchWorker({
        prisma: runtime.prisma,
        redis: runtime.redis,
        keys: runtime.keys,
        transports: runtime.transports,
        publicUrl,
        connection: runtime.bullConnection,
        prefix: env.QUEUE_PREFIX,
        concurrency: env.WORKER_CONCURRENCY,
        lockDurationMs: env.WORKER_LOCK_MS,
        log: (msg, extra) => app.log.warn(extra ?? {}, msg),
      })
    : null;
  const ladder = o.worker
    ? await startLadder({
        connection: runtime.bullConnection,
        prefix: env.QUEUE_PREFIX,
        prisma: runtime.prisma,
        matchQueue: runtime.matchQueue,
        periodMs: env.RATING_PERIOD_MS,
        matchmakerIntervalMs: env.MATCHMAKER_INTERVAL_MS,
        timeoutMs: env.MATCH_TIMEOUT_MS,
        matchmaking: { seats: env.SEATS_PER_MATCH, maxPerOwner: env.MAX_SEATS_PER_OWNER },
        eventsEnabled: env.EVENTS_ENABLED,
        log: (msg, extra) => app.log.warn(extra ?? {}, msg),
      })
    : null;
  if (o.demo)
    await queueDemoMatches(runtime.prisma, runtime.matchQueue, house, env.DEMO_MATCHES, env.MATCH_TIMEOUT_MS);

  return {
    app,
    runtime,
    worker,
    ladder,
    url: publicUrl,
    adminKey: admin.key,
    adminKeyFile: admin.file,
    async stop(opts: { force?: boolean } = {}) {
      await ladder?.close();
      // force: do not wait for running matches; their jobs are picked up again (stalled) at the next start.
      await worker?.close(opts.force ?? false);
      await app.close();
      await runtime.close();
    },
  };
}
