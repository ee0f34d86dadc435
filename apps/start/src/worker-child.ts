import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '@coup/db';

// `npm start`'s match worker as its own process (apps/worker/src/main.ts, as docker-compose runs it): the API's
// event loop is not the matches', the worker lowers its own priority (WORKER_NICE), and a crash of one does not
// take the other down. Kept running: an unexpected exit is logged and the worker started again, waiting
// longer after each quick failure. It stops with its parent: the IPC channel closes when the parent dies,
// however it dies.

export const WORKER_MAIN = path.join(repoRoot, 'apps/worker/src/main.ts');

/** The worker's line once it takes matches: `worker <pid> running (concurrency N, nice M)`. */
const READY = /worker (\d+) running \([^)]*\)/;
/** Restart backoff: 1 s, doubling to 30 s; a worker that ran a minute counts as healthy again. */
const FIRST_BACKOFF_MS = 1000;
const MAX_BACKOFF_MS = 30_000;
const HEALTHY_AFTER_MS = 60_000;

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
export async function startWorkerChild(o: WorkerChildOptions): Promise<WorkerChild> {
  let child: ChildProcess | null = null;
  let stopping = false;
  let backoffMs = FIRST_BACKOFF_MS;
  let restartTimer: NodeJS.Timeout | null = null;

  const launch = () =>
    new Promise<ChildProcess>((resolve, reject) => {
      const c = spawn(process.execPath, ['--import', 'tsx', WORKER_MAIN], {
        cwd: repoRoot,
        env: { ...process.env, ...o.env },
        // 'ipc': the worker sees its parent go (process.on('disconnect')).
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      });
      const startedAt = Date.now();
      let ready = false;
      let tail = '';
      const onLine = (line: string) => {
        tail = (tail + line + '\n').slice(-4000);
        const m = READY.exec(line);
        if (m && !ready) {
          ready = true;
          o.log(line.trim());
          resolve(c);
          return;
        }
        // The parent has said which agent addresses the platform calls; the worker says it again.
        if (line.trim() && !line.startsWith('agent endpoints:')) o.log(`worker: ${line}`);
      };
      for (const stream of [c.stdout, c.stderr]) {
        let buffered = '';
        stream?.on('data', (chunk: Buffer) => {
          buffered += chunk.toString('utf8');
          const lines = buffered.split('\n');
          buffered = lines.pop() ?? '';
          for (const line of lines) onLine(line);
        });
      }
      c.once('error', (err) => {
        if (!ready) reject(err);
      });
      c.once('exit', (code, signal) => {
        const how = signal ? `signal ${signal}` : `code ${code}`;
        if (!ready) {
          reject(new Error(`the worker process exited (${how}) before it was ready:\n${tail.trim()}`));
          return;
        }
        if (stopping) return;
        if (Date.now() - startedAt > HEALTHY_AFTER_MS) backoffMs = FIRST_BACKOFF_MS;
        scheduleRestart(`worker ${c.pid} exited (${how});`);
      });
    });

  /** Logs why, then starts the worker again after the current backoff, doubling the next one. */
  const scheduleRestart = (why: string) => {
    o.log(`${why} starting it again in ${backoffMs / 1000} s`);
    restartTimer = setTimeout(() => void restart(), backoffMs);
    backoffMs = Math.min(backoffMs * 2, MAX_BACKOFF_MS);
  };

  const restart = async () => {
    restartTimer = null;
    if (stopping) return;
    try {
      child = await launch();
    } catch (err) {
      if (stopping) return;
      scheduleRestart(`${(err as Error).message}\n`);
    }
  };

  child = await launch();
  return {
    async stop() {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      const c = child;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      const exited = new Promise<void>((r) => c.once('exit', () => r()));
      c.kill('SIGINT');
      const killer = setTimeout(() => c.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(killer);
    },
  };
}
