import type { FastifyInstance } from 'fastify';
import type { Agent } from '@coup/db';
import { migrate } from '@coup/db';
import { createRuntime } from '@coup/competition';
import type { Runtime } from '@coup/competition';
import type { Env } from '@coup/gateway';
import { buildApp } from '../app';
import { resolveAdminKey } from './admin-key';
import { ensureHouseAgents } from './house-agents';

export interface ApiOptions {
  env: Env;
  databaseUrl: string;
  redisUrl: string;
  log?: (line: string) => void;
  /**
   * Registers more on the app before it listens: how a composition root (apps/start) adds what other apps
   * serve on the same port (the web UI) without this app importing them.
   */
  extend?: (app: FastifyInstance) => Promise<void>;
}

export interface RunningApi {
  app: FastifyInstance;
  runtime: Runtime;
  /** The house agents (the built-in bots), registered at every start. */
  house: Agent[];
  url: string;
  adminKey: string;
  adminKeyFile: string | null;
  /** `force` is for what a composition root stops with the API (workers); the API itself always closes. */
  stop(opts?: { force?: boolean }): Promise<void>;
}

/** Migrates, registers the house agents, then serves the API on the given Postgres and Redis. */
export async function startApi(o: ApiOptions): Promise<RunningApi> {
  const { env } = o;
  await migrate(o.databaseUrl, { log: o.log, progress: 'summary' });
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
    tableQueue: runtime.tableQueue,
    keys: runtime.keys,
    transports: runtime.transports,
    adminKey: admin.key,
    publicUrl,
  });
  await o.extend?.(app);
  await app.listen({ port: env.PORT, host: env.HOST });
  const address = app.server.address();
  // With PORT 0 the real port is known only now.
  if (!env.PUBLIC_URL && address && typeof address === 'object') {
    publicUrl = `http://localhost:${address.port}`;
    app.publicUrl = publicUrl;
  }
  return {
    app,
    runtime,
    house,
    url: publicUrl,
    adminKey: admin.key,
    adminKeyFile: admin.file,
    async stop() {
      await app.close();
      await runtime.close();
    },
  };
}
