// The API process (scale-out and docker-compose): the API and the web UI on one port. Needs DATABASE_URL and
// REDIS_URL; runs no worker unless RUN_WORKER=true (workers run as apps/worker/src/main.ts). Imports nothing
// of the development stack. `start.ts` is the one-command start with embedded defaults.
import { describeAgentAddresses, parseEnv } from '@coup/gateway';
import { startPlatform } from './platform';
import { keepRunningOnUnhandledRejections } from './process-guard';

async function main() {
  keepRunningOnUnhandledRejections();
  const env = parseEnv({ RUN_WORKER: 'false', ...process.env });
  if (!env.DATABASE_URL || !env.REDIS_URL) throw new Error('server.ts needs DATABASE_URL and REDIS_URL');
  console.log(describeAgentAddresses(env.AGENT_ADDRESSES, process.env.AGENT_ADDRESSES !== undefined));
  const platform = await startPlatform({
    env,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    worker: env.RUN_WORKER,
    demo: false,
    log: (line) => console.log(line),
  });
  console.log(`Coup Arena API listening at ${platform.url}`);
  const stop = async () => {
    await platform.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((err: unknown) => {
  console.error(`cannot start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
