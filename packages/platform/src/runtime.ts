import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { createPrisma, decryptSecret } from '@coup/db';
import type { PrismaClient } from '@coup/db';
import type { Env } from './env';
import type { MatchJob } from './messages';
import { matchJobOptions } from './match-retry';
import type { MatchQueues } from './match-placement';
import { keys, QUEUE } from './names';
import { throttled } from './throttled-log';
import type { Keys } from './names';
import { createTransports } from './transports';
import { createLlmService } from './llm-service';
import type { Transports } from './transports';
import { ChannelHub } from './channel-hub';
import { WsBridge } from './ws-bridge';
import { AgentSecrets } from './agent-secrets';
import { listenRevocations } from './revocation';
import { LlmUsageLedger } from './llm-budget/ledger';

/** Connections and services shared by the API and the worker of one process. */
export interface Runtime {
  env: Env;
  prisma: PrismaClient;
  /** What prisma connects to (a worker's rating closer thread opens its own pool there). */
  databaseUrl: string;
  redis: Redis;
  subscriber: Redis;
  /** Listeners over the subscriber connection. */
  hub: ChannelHub;
  /** BullMQ needs its own connections (blocking commands); it gets these options, not a shared client. */
  bullConnection: { url: string; maxRetriesPerRequest: null };
  matchQueue: Queue<MatchJob>;
  /** Casual tables seating a person: a queue with slots of its own (match-placement.ts). */
  tableQueue: Queue<MatchJob>;
  /** Both, for enqueueMatch (which picks by the match's lane). */
  queues: MatchQueues;
  keys: Keys;
  bridge: WsBridge;
  /** HTTP agents' secrets, re-read after a rotation published by any API instance. */
  secrets: AgentSecrets;
  transports: Transports;
  /** Model tokens of llm agents' answers, written to llm_token_usage as calls complete (daily budgets). */
  llmUsage: LlmUsageLedger;
  /** Resolves once this process listens to revocations (a rotation before that is not seen). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Connections report every failed reconnect while Redis is away; they reconnect by themselves. Each is
 * logged at most once a minute (nothing with LOG_LEVEL silent or above warn), never left unhandled.
 */
function connectionWarnings(env: Env): (source: string, err: unknown) => void {
  const quiet = ['silent', 'fatal', 'error'].includes(env.LOG_LEVEL);
  return throttled(
    quiet ? undefined : (msg, extra) => console.warn(`${msg}: ${String(extra?.err)} (reconnecting)`),
  );
}

export function createRuntime(env: Env, urls: { databaseUrl: string; redisUrl: string }): Runtime {
  const prisma = createPrisma(urls.databaseUrl, { max: Math.max(10, env.WORKER_CONCURRENCY * 2) });
  const redis = new Redis(urls.redisUrl, { maxRetriesPerRequest: 3, lazyConnect: false });
  const subscriber = new Redis(urls.redisUrl, { maxRetriesPerRequest: null });
  const k = keys(env.QUEUE_PREFIX);
  const bullConnection = { url: urls.redisUrl, maxRetriesPerRequest: null } as const;
  const matchQueue = new Queue<MatchJob>(QUEUE.matches, {
    connection: { ...bullConnection },
    prefix: env.QUEUE_PREFIX,
    defaultJobOptions: matchJobOptions,
  });
  const tableQueue = new Queue<MatchJob>(QUEUE.tables, {
    connection: { ...bullConnection },
    prefix: env.QUEUE_PREFIX,
    defaultJobOptions: matchJobOptions,
  });
  const warn = connectionWarnings(env);
  redis.on('error', (err) => warn('redis', err));
  subscriber.on('error', (err) => warn('redis (subscriber)', err));
  matchQueue.on('error', (err) => warn('redis (match queue)', err));
  tableQueue.on('error', (err) => warn('redis (table queue)', err));
  const hub = new ChannelHub(subscriber);
  const bridge = new WsBridge(redis, hub, k);
  const secrets = new AgentSecrets(async (agentId) => {
    const row = await prisma.agent.findUnique({ where: { id: agentId }, select: { secretEnc: true } });
    if (!row) throw new Error(`agent ${agentId} not found`);
    return decryptSecret(row.secretEnc);
  });
  const revocations = listenRevocations(hub, k, (msg) => {
    if (msg.reason === 'secret_rotated') secrets.rotated(msg.agentId);
  });
  const llmUsage = new LlmUsageLedger(prisma, {
    onError: (err, kept) => warn(kept ? 'llm usage (kept, retried)' : 'llm usage (dropped)', err),
  });
  const transports = createTransports({
    wsAgent: (a, o) => bridge.agent(a, o),
    agentAddresses: env.AGENT_ADDRESSES,
    secrets,
    llm: createLlmService(env),
    humanTimeoutMs: env.HUMAN_TIMEOUT_MS,
    usage: llmUsage,
  });
  const ready = revocations.then(() => undefined);
  ready.catch(() => undefined); // awaited by the worker; an API-only process must not crash on it
  return {
    env,
    prisma,
    databaseUrl: urls.databaseUrl,
    redis,
    subscriber,
    hub,
    bullConnection: { ...bullConnection },
    matchQueue,
    tableQueue,
    queues: { matches: matchQueue, tables: tableQueue },
    keys: k,
    bridge,
    secrets,
    transports,
    llmUsage,
    ready,
    async close() {
      await (await revocations.catch(() => null))?.().catch(() => undefined);
      hub.close();
      await transports.close().catch(() => undefined);
      await llmUsage.close().catch(() => undefined);
      await matchQueue.close().catch(() => undefined);
      await tableQueue.close().catch(() => undefined);
      subscriber.disconnect();
      redis.disconnect();
      await prisma.$disconnect();
    },
  };
}
