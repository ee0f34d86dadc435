// A worker process alone (scale-out and docker-compose): pulls matches from Redis and stores results in
// Postgres. Several can share one Redis and one Postgres.
import { setPriority } from 'node:os';
import { migrate } from '@coup/db';
import { describeAgentAddresses, parseEnv } from '@coup/gateway';
import { createRuntime } from '@coup/competition';
import { startWorkers } from './start-workers';

async function main() {
  const env = parseEnv();
  if (!env.DATABASE_URL || !env.REDIS_URL) throw new Error('the worker needs DATABASE_URL and REDIS_URL');
  console.log(describeAgentAddresses(env.AGENT_ADDRESSES, process.env.AGENT_ADDRESSES !== undefined));
  // Matches are batch work: an API on the same machine answers reads first (WORKER_NICE).
  try {
    setPriority(env.WORKER_NICE);
  } catch (err) {
    console.warn(`worker: cannot set its CPU priority to nice ${env.WORKER_NICE}: ${(err as Error).message}`);
  }
  await migrate(env.DATABASE_URL);
  const runtime = createRuntime(env, { databaseUrl: env.DATABASE_URL, redisUrl: env.REDIS_URL });
  const workers = await startWorkers(
    runtime,
    env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    (msg, extra) => console.warn(msg, extra ?? ''),
  );
  console.log(
    `worker ${process.pid} running (concurrency ${env.WORKER_CONCURRENCY}, nice ${env.WORKER_NICE})`,
  );

  // SIGTERM (docker stop, a deploy): finish the running matches first. SIGINT (Ctrl-C), a second signal, or
  // the parent that started it gone (`npm start`'s IPC channel): at once; the running matches are cancelled
  // and queued again for the next worker (stopMatchWorker).
  let stopping = false;
  const stop = (force: boolean) => {
    if (stopping) {
      if (force) process.exit(0);
      return;
    }
    stopping = true;
    void (async () => {
      await workers.close({ force });
      await runtime.close();
      process.exit(0);
    })();
  };
  let signals = 0;
  process.on('SIGINT', () => stop(true));
  process.on('SIGTERM', () => stop(++signals > 1));
  if (process.send) {
    process.once('disconnect', () => stop(true));
    // The parent went while this worker was starting: its `disconnect` has been missed.
    if (!process.connected) return stop(true);
    // Started by `npm start` (apps/start child-supervisor.ts): it waits for this before it goes on.
    process.send({ type: 'ready' });
  }
}

main().catch((err: unknown) => {
  console.error(`worker cannot start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
