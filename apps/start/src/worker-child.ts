import path from 'node:path';
import { repoRoot } from '@coup/db';
import { superviseChild } from './child-supervisor';

// `npm start`'s match worker as its own process (apps/worker/src/main.ts, as docker-compose runs it): the API's
// event loop is not the matches', the worker lowers its own priority (WORKER_NICE), and a crash of one does not
// take the other down. Kept running and stopped with its parent (child-supervisor.ts).

export const WORKER_MAIN = path.join(repoRoot, 'apps/worker/src/main.ts');

/**
 * Node's flags for a worker process: semi-spaces of 64 MB (V8's default is 16), a young generation of up to
 * ~192 MB. A match's objects live as long as the match, and the more matches a worker runs at once the
 * longer that is, so more of them outlived the young generation's collections and were copied and promoted:
 * garbage collection rose from 8.6% of a worker's busy time at 4 matches a worker to 11.0% at 32. With these,
 * the house row stored 3-7% more matches per worker CPU-second at 4 slots and 9-10% more at 32 (DESIGN.md,
 * the eleventh session), for ~90 MB more resident memory at 32 (619 MB against 529 at its peak). V8 reads
 * them only at start, so every launcher of a worker passes them.
 */
export const WORKER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=64'];

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
    nodeArgs: WORKER_NODE_FLAGS,
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
