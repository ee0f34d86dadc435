// The one-command start: `npm start`. Embedded defaults for everything a new user does not have yet:
// PostgreSQL under .data/ when DATABASE_URL is unset, Redis on 127.0.0.1:6379 or from PATH when REDIS_URL
// is unset (the development stack, @coup/devstack). Then the API with the web UI (api-main.ts: it applies the
// migrations, registers the house bots, queues demo matches) and a match worker, each a child process of
// this one, started again if it dies (child-supervisor.ts); with WORKER_IN_PROCESS the worker runs inside
// the API's process.
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { dataDir, repoRoot, writeLocalDatabaseUrl } from '@coup/db';
import { ensureRedis, startEmbeddedPostgres } from '@coup/devstack';
import { parseEnv } from '@coup/platform';
import { startApiChild } from './api-child';
import { startSummary } from './start-summary';
import { startWorkerChild } from './worker-child';

const log = (line: string) => console.log(`[coup] ${line}`);

async function main() {
  const env = parseEnv();
  /** What runs, stopped in reverse order of start; the children together, first. */
  const stops: (() => Promise<void>)[] = [];
  const children: { stop(): Promise<void> }[] = [];
  let stopping = false;
  const stopAll = async () => {
    stopping = true; // a worker still starting is stopped as it comes up
    // Both children are told at once, so neither is started again while the other stops.
    await Promise.all(
      children.map((c) => c.stop().catch((err: unknown) => log(`stop failed: ${String(err)}`))),
    );
    for (const stop of stops) await stop().catch((err: unknown) => log(`stop failed: ${String(err)}`));
  };
  try {
    let databaseUrl = env.DATABASE_URL;
    if (!databaseUrl) {
      log('DATABASE_URL is not set: starting embedded PostgreSQL under .data/pg');
      // Postgres's own log lines stay quiet; they are part of the error if it fails to start.
      const pg = await startEmbeddedPostgres({ notice: log });
      databaseUrl = pg.url;
      stops.unshift(() => pg.stop());
      // For the tools run beside the platform (coup dataset import): the embedded database's URL.
      writeLocalDatabaseUrl(pg.url);
    }
    const redis = await ensureRedis({ log });
    stops.unshift(() => redis.stop());
    // The API's log (a line per request) goes to a file; the terminal keeps the summary below (api-log.ts).
    const api = await startApiChild({
      env: { DATABASE_URL: databaseUrl, REDIS_URL: redis.url },
      log,
      logFile: path.join(dataDir(), 'logs', 'api.log'),
    });
    children.push(api);
    const workerProcesses = env.WORKER_PROCESSES ?? Math.max(1, availableParallelism());
    if (env.RUN_WORKER && !env.WORKER_IN_PROCESS) {
      // One per core by default: a worker is one event loop, and matches are CPU-bound (WORKER_PROCESSES).
      const startWorker = () =>
        startWorkerChild({
          env: {
            DATABASE_URL: databaseUrl,
            REDIS_URL: redis.url,
            PUBLIC_URL: env.PUBLIC_URL ?? api.ready.url,
          },
          log,
        });
      // The first one is awaited (a configuration error shows at once); the others start meanwhile and
      // join when ready, so the platform is up as soon as one worker takes matches.
      children.push(await startWorker());
      for (let k = 1; k < workerProcesses; k++) {
        startWorker().then(
          (w) => (stopping ? void w.stop() : void children.push(w)),
          (err: unknown) => log(`worker ${k + 1} of ${workerProcesses} did not start: ${String(err)}`),
        );
      }
    }

    const summary = startSummary({
      env,
      addressesExplicit: process.env.AGENT_ADDRESSES !== undefined,
      port: api.ready.port,
      adminKeyFile: api.ready.adminKeyFile,
      house: api.ready.house,
      demoMatches: api.ready.demoMatches,
      logFile: api.logFile,
      worker: !env.RUN_WORKER ? 'off' : env.WORKER_IN_PROCESS ? 'in-process' : 'process',
      workerProcesses,
      cwd: repoRoot,
    });
    for (const line of summary) log(line);
  } catch (err) {
    await stopAll();
    throw err;
  }

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping`);
    await stopAll();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(`[coup] cannot start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
