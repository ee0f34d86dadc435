import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { repoRoot } from '@coup/db';
import { WORKER_MAIN, WORKER_NODE_FLAGS } from '../worker-child';
import { stopChild, waitForLine } from './agents';

// A match worker as its own process (`node --import tsx apps/worker/src/main.ts`), the way it runs when
// scaled out, so a test can SIGKILL it in the middle of matches.

export interface WorkerProcess {
  child: ChildProcess;
  pid: number;
  /** Everything it wrote, for failure messages. */
  output(): string;
  kill(signal: NodeJS.Signals): void;
  stop(): Promise<void>;
}

export async function startWorkerProcess(env: Record<string, string>): Promise<WorkerProcess> {
  const child = spawn(process.execPath, [...WORKER_NODE_FLAGS, '--import', 'tsx', WORKER_MAIN], {
    cwd: repoRoot,
    // Not niced unless a test asks (WORKER_NICE): among the test run's busy processes it would only be slower.
    env: { ...process.env, WORKER_NICE: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (chunk: Buffer) => void (out = (out + chunk.toString('utf8')).slice(-8000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  try {
    await waitForLine(child, /worker \d+ running/, 30_000);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    child,
    pid: child.pid as number,
    output: () => out,
    kill: (signal) => void child.kill(signal),
    stop: () => stopChild(child, 5000),
  };
}
