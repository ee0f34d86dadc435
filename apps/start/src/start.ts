// The one-command start: `npm start`. Embedded defaults for everything a new user does not have yet:
// PostgreSQL under .data/ when DATABASE_URL is unset, Redis on 127.0.0.1:6379 or from PATH when REDIS_URL
// is unset (the development stack, @coup/devstack). Applies migrations, starts the API with the web UI and a
// worker (a child process unless WORKER_IN_PROCESS), registers the house bots, queues demo matches.
import { writeLocalDatabaseUrl } from '@coup/db';
import { ensureRedis, startEmbeddedPostgres } from '@coup/devstack';
import { describeAgentAddresses, parseEnv } from '@coup/platform';
import { startPlatform } from './platform';
import { startWorkerChild } from './worker-child';

const log = (line: string) => console.log(`[coup] ${line}`);

async function main() {
  const env = parseEnv();
  log(describeAgentAddresses(env.AGENT_ADDRESSES, process.env.AGENT_ADDRESSES !== undefined));
  const stops: (() => Promise<void>)[] = [];
  let databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    log('DATABASE_URL is not set: starting embedded PostgreSQL under .data/pg');
    // Postgres's own log lines stay quiet; they are part of the error if it fails to start.
    const pg = await startEmbeddedPostgres({ notice: log });
    databaseUrl = pg.url;
    stops.push(() => pg.stop());
    // For the tools run beside the platform (coup dataset import): the embedded database's URL.
    writeLocalDatabaseUrl(pg.url);
  }
  const redis = await ensureRedis({ log });
  stops.push(() => redis.stop());
  const platform = await startPlatform({
    env,
    databaseUrl,
    redisUrl: redis.url,
    worker: env.RUN_WORKER && env.WORKER_IN_PROCESS,
    demo: true,
    log,
  });
  // Ctrl-C should stop at once: a match cut short is run again from the start at the next start.
  stops.unshift(() => platform.stop({ force: true }));
  if (env.RUN_WORKER && !env.WORKER_IN_PROCESS) {
    const worker = await startWorkerChild({
      env: { DATABASE_URL: databaseUrl, REDIS_URL: redis.url, PUBLIC_URL: env.PUBLIC_URL ?? platform.url },
      log,
    }).catch(async (err: unknown) => {
      for (const stop of stops) await stop().catch(() => undefined);
      throw err;
    });
    stops.unshift(() => worker.stop());
  }

  log(`Coup Arena is running at ${platform.url}`);
  log(`  API docs:     ${platform.url}/docs`);
  log(`  leaderboard:  ${platform.url}/v1/leaderboard`);
  log(
    `  queue board:  ${platform.url}/admin/queues (admin key${platform.adminKeyFile ? ` in ${platform.adminKeyFile}` : ': ADMIN_KEY'})`,
  );
  log('Press Ctrl-C to stop.');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping`);
    for (const stop of stops) await stop().catch((err: unknown) => log(`stop failed: ${String(err)}`));
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(`[coup] cannot start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
