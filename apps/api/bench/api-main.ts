// The API alone as a process of its own, for the read benchmark (reads.bench.ts starts it): DATABASE_URL and
// REDIS_URL from the environment, no worker, no web UI. Prints the address it listens at; stops when its
// stdin closes or on SIGTERM.
import { parseEnv } from '@coup/gateway';
import { startApi } from '../src/index.ts';

const env = parseEnv({ ...process.env, RUN_WORKER: 'false' });
if (!env.DATABASE_URL || !env.REDIS_URL) throw new Error('api-main.ts needs DATABASE_URL and REDIS_URL');
const api = await startApi({ env, databaseUrl: env.DATABASE_URL, redisUrl: env.REDIS_URL });
console.log(`bench API listening at ${api.url}`);
const stop = async () => {
  await api.stop();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.stdin.on('end', () => void stop());
process.stdin.resume();
