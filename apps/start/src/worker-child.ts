import path from 'node:path';
import { repoRoot } from '@coup/db';
import { superviseChild } from './child-supervisor';

// `npm start`'s match worker as its own process (apps/worker/src/main.ts, as docker-compose runs it): the API's
// event loop is not the matches', the worker lowers its own priority (WORKER_NICE), and a crash of one does not
// take the other down. Kept running and stopped with its parent (child-supervisor.ts).

export const WORKER_MAIN = path.join(repoRoot, 'apps/worker/src/main.ts');

/** The worker's line once it takes matches: `worker <pid> running (concurrency N, nice M)`. */
const READY_LINE = /worker (\d+) running \([^)]*\)/;

export interface WorkerChildOptions {
  /** Added to this process's environment: DATABASE_URL, REDIS_URL, PUBLIC_URL. */
  env: Record<string, string>;
  log: (line: string) => void;
}

export interface WorkerChild {
  /** SIGINT: stop at once (its running matches go back to the queue, to be played again from the start). */
  stop(): Promise<void>;
}

/**
 * Starts the worker and resolves once it takes matches. Rejects, with the worker's last output, when the
 * first start fails: that is a configuration error to show, not to retry.
 */
export function startWorkerChild(o: WorkerChildOptions): Promise<WorkerChild> {
  return superviseChild({
    name: 'worker',
    main: WORKER_MAIN,
    env: () => o.env,
    log: o.log,
    onLine: (line) => {
      if (READY_LINE.test(line)) return o.log(line.trim());
      // The parent has said which agent addresses the platform calls; the worker says it again.
      if (line.trim() && !line.startsWith('agent endpoints:')) o.log(`worker: ${line}`);
    },
    // apps/worker/src/main.ts, once it takes matches.
    ready: (m) => ((m as { type?: unknown } | null)?.type === 'ready' ? true : null),
  });
}
