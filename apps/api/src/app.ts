import Fastify from 'fastify';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import websocket from '@fastify/websocket';
import { TABLE_PROTOCOL } from '@coup/api-contract';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { PrismaClient } from '@coup/db';
import type { ChannelHub, Keys, MatchJob, Transports } from '@coup/gateway';
import type { Env } from './env';
import { adminQueuesPlugin } from './plugins/admin-queues';
import { authPlugin } from './plugins/auth';
import { bodyLimitPlugin } from './plugins/body-limit';
import { clientErrorHandler } from './plugins/client-errors';
import { errorsPlugin, frameworkErrors } from './plugins/errors';
import { metricsPlugin } from './plugins/metrics';
import { textGuardPlugin } from './plugins/text-guard';
import { urlChecksPlugin } from './plugins/url-checks';
import { openapiPlugin } from './plugins/openapi';
import { securityPlugin } from './plugins/security';
import { responseSerializer } from './plugins/serializer';
import { sessionsPlugin } from './plugins/sessions';
import { socketRouteError } from './plugins/socket-guard';
import { accountRoutes } from './routes/accounts';
import { agentRoutes } from './routes/agents';
import { healthRoutes } from './routes/health';
import { matchRoutes } from './routes/matches';
import { agentSocketRoutes } from './routes/agent-socket';
import { liveRoutes } from './routes/live';
import { ladderRoutes } from './routes/ladder';
import { eventRoutes } from './routes/events';
import { tableRoutes } from './routes/tables';
import { modelRoutes } from './routes/models';
import { experimentRoutes } from './routes/experiments';
import { datasetRoutes } from './routes/datasets';

/** What routes and plugins read from the app instance: buildApp decorates it with each of these. */
export interface AppServices {
  env: Env;
  prisma: PrismaClient;
  /** Commands (rate limits, publishing, pending decisions). */
  redis: Redis;
  /** A second connection for subscriptions (a subscribed ioredis connection can do nothing else). */
  subscriber: Redis;
  /** Listeners over the subscriber connection (agent sockets, spectators). */
  hub: ChannelHub;
  matchQueue: Queue<MatchJob>;
  /** Casual tables seating a person: their own queue (@coup/competition match-placement.ts). */
  tableQueue: Queue<MatchJob>;
  keys: Keys;
  transports: Transports;
  /** Base of replay links sent to agents (no trailing slash once decorated). */
  publicUrl: string;
}

/** What buildApp needs: the services above and settings only buildApp reads. */
export interface AppDeps extends AppServices {
  /** Other queues shown on the board. */
  queues?: Queue[];
  adminKey: string;
  /** Extra route plugins registered under /v1 (the WebSocket gateway, the ladder...). */
  plugins?: ((app: FastifyInstance) => Promise<void>)[];
}

declare module 'fastify' {
  // The decorations, typed once: AppServices.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface FastifyInstance extends AppServices {}
}

/**
 * Builds the API's HTTP app; boot/api.ts listens (and a composition root may register more on it first, such as
 * the web UI), tests use app.inject() or listen on port 0.
 */
export async function buildApp(deps: AppDeps, opts: FastifyServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      deps.env.LOG_LEVEL === 'silent'
        ? false
        : { level: deps.env.LOG_LEVEL, redact: ['req.headers.authorization'] },
    bodyLimit: deps.env.BODY_LIMIT_BYTES,
    trustProxy: deps.env.TRUST_PROXY,
    // Errors raised before any route runs get the one error shape too (plugins/errors, client-errors).
    frameworkErrors,
    clientErrorHandler,
    ...opts,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Through each route's zod schema; the hot reads' 200s through a compiled one (plugins/serializer.ts).
  app.setSerializerCompiler(responseSerializer);

  app.decorate('env', deps.env);
  app.decorate('prisma', deps.prisma);
  app.decorate('redis', deps.redis);
  app.decorate('subscriber', deps.subscriber);
  app.decorate('hub', deps.hub);
  app.decorate('matchQueue', deps.matchQueue);
  app.decorate('tableQueue', deps.tableQueue);
  app.decorate('keys', deps.keys);
  app.decorate('transports', deps.transports);
  app.decorate('publicUrl', deps.publicUrl.replace(/\/+$/, ''));

  await app.register(errorsPlugin);
  await app.register(bodyLimitPlugin);
  await app.register(urlChecksPlugin);
  await app.register(textGuardPlugin);
  await app.register(securityPlugin);
  await app.register(openapiPlugin);
  await app.register(authPlugin, { adminKey: deps.adminKey });
  await app.register(metricsPlugin, { adminKey: deps.adminKey, token: deps.env.METRICS_TOKEN });
  await app.register(websocket, {
    // A socket route that fails closes its socket (1011), never the process (plugins/socket-guard).
    errorHandler: socketRouteError,
    options: {
      maxPayload: 64 * 1024,
      // listenFrames checks UTF-8 itself, to close with 1007 and a reason (ws would give none).
      skipUTF8Validation: true,
      // A table's socket offers `coup.v1` and its ticket (`coup.ticket.<ticket>`) as subprotocols: the
      // platform selects `coup.v1`, never echoes the ticket, and selects none for other clients.
      handleProtocols: (protocols: Set<string>) => (protocols.has(TABLE_PROTOCOL) ? TABLE_PROTOCOL : false),
    },
  });
  await app.register(sessionsPlugin);
  await app.register(healthRoutes);
  await app.register(
    async (v1) => {
      await v1.register(accountRoutes);
      await v1.register(agentRoutes);
      await v1.register(matchRoutes);
      await v1.register(agentSocketRoutes);
      await v1.register(liveRoutes);
      await v1.register(ladderRoutes);
      await v1.register(eventRoutes);
      await v1.register(tableRoutes);
      await v1.register(modelRoutes);
      await v1.register(experimentRoutes);
      await v1.register(datasetRoutes);
      for (const plugin of deps.plugins ?? []) await v1.register(plugin);
    },
    { prefix: '/v1' },
  );
  await app.register(adminQueuesPlugin, {
    adminKey: deps.adminKey,
    queues: [deps.matchQueue, deps.tableQueue, ...(deps.queues ?? [])],
  });
  return app;
}
