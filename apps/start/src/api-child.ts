import path from 'node:path';
import { repoRoot } from '@coup/db';
import { ApiLogFile } from './api-log';
import type { ApiReady } from './api-main';
import { superviseChild } from './child-supervisor';

// `npm start`'s API (api-main.ts) as a child process: if it dies (a bug, memory), it is started again on the
// same port while Postgres, Redis and the worker, held by the parent, carry on (child-supervisor.ts).

export const API_MAIN = path.join(repoRoot, 'apps/start/src/api-main.ts');

export interface ApiChild {
  /** What it said when it was first ready: its URL and port, the admin key's file, house agents, demos. */
  ready: ApiReady;
  /** Where its JSON log goes (null: to the terminal, as written). */
  logFile: string | null;
  pid(): number | undefined;
  stop(): Promise<void>;
}

const isReady = (m: unknown): m is ApiReady => (m as { type?: unknown } | null)?.type === 'ready';

/**
 * Starts the API and resolves once it listens. Rejects, with its last output, when the first start fails.
 * `env`: added to this process's environment (DATABASE_URL, REDIS_URL). `logFile`: where its JSON log goes
 * (requests included); the terminal then shows only its warnings and errors (api-log.ts).
 */
export async function startApiChild(o: {
  env: Record<string, string>;
  log: (line: string) => void;
  logFile?: string;
}): Promise<ApiChild> {
  const logFile = o.logFile ? new ApiLogFile(o.logFile) : null;
  // PORT=0 picks a free port at the first start; every restart takes that same port again.
  let port: number | null = null;
  const child = await superviseChild<ApiReady>({
    name: 'api',
    main: API_MAIN,
    env: () => ({ ...o.env, ...(port !== null ? { PORT: String(port) } : {}) }),
    log: o.log,
    // Its own lines (`[coup] ...`) as they are, on the stream it wrote them to; its JSON log to the file.
    onLine: (line, stream) => {
      const shown = logFile ? logFile.route(line) : line;
      if (shown !== null) (stream === 'stdout' ? process.stdout : process.stderr).write(`${shown}\n`);
    },
    ready: (m) => (isReady(m) ? m : null),
    onStart: (ready, pid) => {
      o.log(`api ${pid} listening ${port === null ? '' : 'again '}on port ${ready.port}`);
      port = ready.port;
    },
  });
  return {
    ready: child.ready,
    logFile: logFile?.file ?? null,
    pid: child.pid,
    async stop() {
      await child.stop();
      await logFile?.close();
    },
  };
}
