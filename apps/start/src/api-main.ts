// `npm start`'s API as a child process of start.ts (api-child.ts): the API and the web UI on one port, with
// the match worker inside it when WORKER_IN_PROCESS. start.ts has started Postgres and Redis and passes
// DATABASE_URL and REDIS_URL; this process is started again if it dies, on the same port, and stops with
// its parent.
import { parseEnv } from '@coup/gateway';
import { startPlatform } from './platform';
import type { RunningPlatform } from './platform';
import { keepRunningOnUnhandledRejections } from './process-guard';

/** What the parent waits for (api-child.ts). */
export interface ApiReady {
  type: 'ready';
  url: string;
  port: number;
  adminKeyFile: string | null;
  /** The house agents' names (the built-in bots, registered at every start). */
  house: string[];
  /** Demo matches queued by this start (only on an empty database). */
  demoMatches: number;
}

async function main() {
  keepRunningOnUnhandledRejections();
  // Ctrl-C (its whole process group gets SIGINT), the parent stopping it, or the parent gone (even while
  // this process is still starting): at once; a match cut short is run again from the start.
  let platform: RunningPlatform | null = null;
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void (platform?.stop({ force: true }) ?? Promise.resolve())
      .catch((err: unknown) => console.error(`[coup] API stop failed: ${String(err)}`))
      .finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.once('disconnect', stop);

  const env = parseEnv();
  if (!env.DATABASE_URL || !env.REDIS_URL)
    throw new Error('the API process needs DATABASE_URL and REDIS_URL');
  platform = await startPlatform({
    env,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    worker: env.RUN_WORKER && env.WORKER_IN_PROCESS,
    // Only on an empty database: a restart queues none.
    demo: true,
    log: (line) => console.log(`[coup] ${line}`),
  });
  if (stopping || !process.connected) return stop();
  const address = platform.app.server.address();
  const port = address && typeof address === 'object' ? address.port : env.PORT;
  const ready: ApiReady = {
    type: 'ready',
    url: platform.url,
    port,
    adminKeyFile: platform.adminKeyFile,
    house: platform.house.map((a) => a.name),
    demoMatches: platform.demoMatches,
  };
  process.send?.(ready);
}

main().catch((err: unknown) => {
  console.error(`[coup] the API cannot start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
