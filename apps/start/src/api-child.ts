import path from 'node:path';
import { repoRoot } from '@coup/db';
import type { ApiReady } from './api-main';
import { superviseChild } from './child-supervisor';

// `npm start`'s API (api-main.ts) as a child process: if it dies (a bug, memory), it is started again on the
// same port while Postgres, Redis and the worker, held by the parent, carry on (child-supervisor.ts).

export const API_MAIN = path.join(repoRoot, 'apps/start/src/api-main.ts');

export interface ApiChild {
  /** Where it serves (PUBLIC_URL, or http://localhost:<port>). */
  url: string;
  /** Where the generated admin key is kept, null when ADMIN_KEY is set. */
  adminKeyFile: string | null;
  pid(): number | undefined;
  stop(): Promise<void>;
}

const isReady = (m: unknown): m is ApiReady => (m as { type?: unknown } | null)?.type === 'ready';

/**
 * Starts the API and resolves once it listens. Rejects, with its last output, when the first start fails.
 * `env`: added to this process's environment (DATABASE_URL, REDIS_URL).
 */
export async function startApiChild(o: {
  env: Record<string, string>;
  log: (line: string) => void;
}): Promise<ApiChild> {
  // PORT=0 picks a free port at the first start; every restart takes that same port again.
  let port: number | null = null;
  const child = await superviseChild<ApiReady>({
    name: 'api',
    main: API_MAIN,
    env: () => ({ ...o.env, ...(port !== null ? { PORT: String(port) } : {}) }),
    log: o.log,
    // Its own lines (the log, `[coup] ...`) as they are, on the stream it wrote them to.
    onLine: (line, stream) => void (stream === 'stdout' ? process.stdout : process.stderr).write(`${line}\n`),
    ready: (m) => (isReady(m) ? m : null),
    onStart: (ready, pid) => {
      o.log(`api ${pid} listening ${port === null ? '' : 'again '}on port ${ready.port}`);
      port = ready.port;
    },
  });
  return { url: child.ready.url, adminKeyFile: child.ready.adminKeyFile, pid: child.pid, stop: child.stop };
}
