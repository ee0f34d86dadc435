import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '@coup/db';
import { stopChild, waitForLine } from './agents';
import type { Harness } from './harness';

// The API as a process of its own (apps/start/src/server.ts, as docker-compose runs it) on a harness's
// database and Redis prefix, so a test can show that nothing sent to it ends the process: in-process, a
// failure that escaped would take the test runner down instead.

export const SERVER_MAIN = path.join(repoRoot, 'apps/start/src/server.ts');

export interface ApiProcess {
  child: ChildProcess;
  /** http://127.0.0.1:<port> */
  url: string;
  wsUrl: string;
  /** Still running: it has not exited, for whatever reason. */
  alive(): boolean;
  /** The end of everything it wrote, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

/** Starts server.ts on the harness's database and Redis prefix (no worker inside: the harness has one). */
export async function startApiProcess(h: Harness, env: Record<string, string> = {}): Promise<ApiProcess> {
  const vars: Record<string, string | undefined> = {
    ...process.env,
    ...h.workerEnv(),
    ADMIN_KEY: h.adminKey,
    PORT: '0',
    HOST: '127.0.0.1',
    RUN_WORKER: 'false',
    TRUST_PROXY: 'true',
    RATE_LIMIT_MAX: '100000',
    LOG_LEVEL: 'warn',
    ...env,
  };
  // Its own address, not the harness API's: it says which once it listens.
  delete vars.PUBLIC_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_MAIN], {
    cwd: repoRoot,
    env: vars,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (chunk: Buffer) => void (out = (out + chunk.toString('utf8')).slice(-20_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let port: string;
  try {
    port = (
      await waitForLine(child, /Coup Arena API listening at http:\/\/[^:\s]+:(\d+)/, 60_000)
    )[1] as string;
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  const url = `http://127.0.0.1:${port}`;
  return {
    child,
    url,
    wsUrl: url.replace(/^http/, 'ws'),
    alive: () => child.exitCode === null && child.signalCode === null,
    output: () => out,
    stop: () => stopChild(child, 5000),
  };
}
