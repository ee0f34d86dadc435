import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

// Processes the benchmarks start (the API, workers, agent servers): a TypeScript file run by tsx in a Node
// process of its own, so its CPU is counted apart from the load generator's (cpuSeconds).

export interface StartedProcess {
  child: ChildProcess;
  /** The first match of `ready` in its output. */
  match: RegExpExecArray;
  /** Its output so far (stdout and stderr, the last 20,000 characters). */
  out: () => string;
  /** Closes its stdin and sends SIGTERM; SIGKILL if it has not exited after `killAfterMs`. */
  stop: () => Promise<void>;
}

export interface StartOptions {
  /** Added to this process's environment. */
  env?: Record<string, string>;
  args?: string[];
  cwd?: string;
  /** Node flags before the file (`--cpu-prof`...). */
  nodeArgs?: string[];
  /** Resolved once a line of its output matches this. */
  ready: RegExp;
  /** Rejected if it has not printed `ready` by then (default 60 s). */
  timeoutMs?: number;
  /** Default 5 s. */
  killAfterMs?: number;
  /** Copies its output to this process's stderr as it comes. */
  echo?: boolean;
}

/** Children still running, killed if this process exits first (an uncaught error, or `bench | head` closing
 * the pipe): left behind, a bench's API and workers went on using the machine under the next run. */
const live = new Set<ChildProcess>();
let reaperInstalled = false;
function track(child: ChildProcess): void {
  live.add(child);
  child.once('exit', () => live.delete(child));
  if (reaperInstalled) return;
  reaperInstalled = true;
  process.once('exit', () => {
    for (const c of live) c.kill('SIGKILL');
  });
}

/**
 * Starts `file` with `node --import tsx` and resolves once its output matches `ready`; rejects if it exits
 * first or takes longer than `timeoutMs`.
 */
export function startTsxProcess(file: string, o: StartOptions): Promise<StartedProcess> {
  const child = spawn(process.execPath, [...(o.nodeArgs ?? []), '--import', 'tsx', file, ...(o.args ?? [])], {
    ...(o.cwd ? { cwd: o.cwd } : {}),
    env: { ...process.env, ...o.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  track(child);
  let out = '';
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', () => done());
      child.stdin?.end();
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), o.killAfterMs ?? 5000).unref();
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${file} did not start:\n${out}`));
    }, o.timeoutMs ?? 60_000);
    const onData = (chunk: Buffer) => {
      if (o.echo) process.stderr.write(chunk);
      out = (out + chunk.toString('utf8')).slice(-20_000);
      const m = o.ready.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, match: m, out: () => out, stop });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${file} exited with ${code}:\n${out}`));
    });
  });
}

/**
 * CPU time (user + system) a process has used so far, in seconds, from /proc (Linux; NaN elsewhere or once it
 * has exited): what a process costs, whatever else the machine runs meanwhile.
 */
export function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100/s)
  } catch {
    return NaN;
  }
}
