import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { repoRoot } from '@coup/db';

// `npm start` runs the API and the match worker as child processes of its own (api-child.ts,
// worker-child.ts), so that one crashing does not take the other, or Postgres and Redis, down. Each is kept
// running: an unexpected exit is logged and the process started again, waiting longer after each quick
// failure. Each stops with its parent: the IPC channel closes when the parent dies, however it dies, and
// the child sees `disconnect`.

/** Restart backoff: 1 s, doubling to 30 s; a process that ran a minute counts as healthy again. */
const FIRST_BACKOFF_MS = 1000;
const MAX_BACKOFF_MS = 30_000;
const HEALTHY_AFTER_MS = 60_000;
/** After SIGINT, how long a child has to exit before SIGKILL. */
const STOP_GRACE_MS = 5000;

export interface ChildSpec<R> {
  /** How the log names it: `worker 1234 exited (signal SIGKILL); starting it again in 1 s`. */
  name: string;
  /** The TypeScript entry point, run with `node --import tsx`. */
  main: string;
  /** Node's own flags, before `--import tsx` (V8's heap sizes are read only at start). */
  nodeArgs?: readonly string[];
  /** Added to this process's environment, asked again at every start (a restart may need other values). */
  env: () => Record<string, string>;
  log: (line: string) => void;
  /** Each line the child writes (stdout or stderr): shown as the caller likes. */
  onLine: (line: string, stream: 'stdout' | 'stderr') => void;
  /** Reads the child's IPC message saying it is ready into what the caller needs; null for other messages. */
  ready: (message: unknown) => R | null;
  /** After every start that reached ready, the first and each restart. */
  onStart?: (ready: R, pid: number) => void;
}

export interface SupervisedChild<R> {
  /** What the first start said when ready. */
  ready: R;
  /** The running process's id (undefined between a crash and its restart). */
  pid(): number | undefined;
  /** SIGINT, then SIGKILL if it has not exited within 5 s; no restart from the moment this is called. */
  stop(): Promise<void>;
}

/**
 * Starts the child and resolves once it says it is ready. Rejects, with the child's last output, when the
 * first start fails: that is a configuration error to show, not to retry.
 */
export async function superviseChild<R>(spec: ChildSpec<R>): Promise<SupervisedChild<R>> {
  let child: ChildProcess | null = null;
  let stopping = false;
  let backoffMs = FIRST_BACKOFF_MS;
  let restartTimer: NodeJS.Timeout | null = null;

  const launch = () =>
    new Promise<R>((resolve, reject) => {
      const c = spawn(process.execPath, [...(spec.nodeArgs ?? []), '--import', 'tsx', spec.main], {
        cwd: repoRoot,
        env: { ...process.env, ...spec.env() },
        // 'ipc': the child says when it is ready, and sees its parent go (process.on('disconnect')).
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      });
      // The one stop() stops, from its spawn on (a restart may be under way when the parent stops).
      child = c;
      const startedAt = Date.now();
      let ready = false;
      let tail = '';
      for (const [stream, name] of [
        [c.stdout, 'stdout'],
        [c.stderr, 'stderr'],
      ] as const) {
        let buffered = '';
        stream?.on('data', (chunk: Buffer) => {
          buffered += chunk.toString('utf8');
          const lines = buffered.split('\n');
          buffered = lines.pop() ?? '';
          for (const line of lines) {
            tail = (tail + line + '\n').slice(-4000);
            spec.onLine(line, name);
          }
        });
      }
      c.on('message', (message: unknown) => {
        const r = ready ? null : spec.ready(message);
        if (r === null) return;
        ready = true;
        spec.onStart?.(r, c.pid as number);
        resolve(r);
      });
      c.once('error', (err) => {
        if (!ready) reject(err);
      });
      c.once('exit', (code, signal) => {
        const how = signal ? `signal ${signal}` : `code ${code}`;
        if (!ready) {
          reject(new Error(`the ${spec.name} process exited (${how}) before it was ready:\n${tail.trim()}`));
          return;
        }
        if (stopping) return;
        if (Date.now() - startedAt > HEALTHY_AFTER_MS) backoffMs = FIRST_BACKOFF_MS;
        scheduleRestart(`${spec.name} ${c.pid} exited (${how});`);
      });
    });

  /** Logs why, then starts the child again after the current backoff, doubling the next one. */
  const scheduleRestart = (why: string) => {
    spec.log(`${why} starting it again in ${backoffMs / 1000} s`);
    restartTimer = setTimeout(() => void restart(), backoffMs);
    backoffMs = Math.min(backoffMs * 2, MAX_BACKOFF_MS);
  };

  const restart = async () => {
    restartTimer = null;
    if (stopping) return;
    try {
      await launch();
    } catch (err) {
      if (stopping) return;
      scheduleRestart(`${(err as Error).message}\n`);
    }
  };

  const first = await launch();
  return {
    ready: first,
    pid: () => (child && child.exitCode === null && child.signalCode === null ? child.pid : undefined),
    async stop() {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      if (child) await kill(child);
    },
  };
}

async function kill(c: ChildProcess): Promise<void> {
  if (c.exitCode !== null || c.signalCode !== null) return;
  const exited = new Promise<void>((r) => c.once('exit', () => r()));
  c.kill('SIGINT');
  const killer = setTimeout(() => c.kill('SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(killer);
}
