// A worker process alone (scale-out and docker-compose): pulls matches from Redis and stores results in
// Postgres. Several can share one Redis and one Postgres.
import { migrate } from '@coup/db';
import { createRuntime, parseEnv } from '@coup/platform';
import { createMatchWorker } from './match-worker';
import { startLadder } from './ladder/index';

async function main() {
  const env = parseEnv();
  if (!env.DATABASE_URL || !env.REDIS_URL) throw new Error('the worker needs DATABASE_URL and REDIS_URL');
  await migrate(env.DATABASE_URL);
  const runtime = createRuntime(env, { databaseUrl: env.DATABASE_URL, redisUrl: env.REDIS_URL });
  const worker = createMatchWorker({
    prisma: runtime.prisma,
    redis: runtime.redis,
    keys: runtime.keys,
    transports: runtime.transports,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    connection: runtime.bullConnection,
    prefix: env.QUEUE_PREFIX,
    concurrency: env.WORKER_CONCURRENCY,
    lockDurationMs: env.WORKER_LOCK_MS,
    log: (msg, extra) => console.warn(msg, extra ?? ''),
  });
  const ladder = await startLadder({
    connection: runtime.bullConnection,
    prefix: env.QUEUE_PREFIX,
    prisma: runtime.prisma,
    matchQueue: runtime.matchQueue,
    periodMs: env.RATING_PERIOD_MS,
    matchmakerIntervalMs: env.MATCHMAKER_INTERVAL_MS,
    timeoutMs: env.MATCH_TIMEOUT_MS,
    matchmaking: { seats: env.SEATS_PER_MATCH, maxPerOwner: env.MAX_SEATS_PER_OWNER },
    eventsEnabled: env.EVENTS_ENABLED,
    log: (msg, extra) => console.warn(msg, extra ?? ''),
  });
  console.log(`worker ${process.pid} running (concurrency ${env.WORKER_CONCURRENCY})`);
  const stop = async () => {
    await ladder.close();
    await worker.close();
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((err: unknown) => {
  console.error(`worker cannot start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
