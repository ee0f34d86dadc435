import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams, SpawnOptionsWithoutStdio } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

// Test helpers for the packages that install outside the repository: npm pack a workspace, run npm (or
// anything) in a folder outside the repository with a clean environment, start a server and wait for it.

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * The environment for a command run as a user would run it: none of the npm_* variables that `npm test`
 * sets (a global prefix, the workspace, the lifecycle event...), no colours, no audit, fund or update notices.
 */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^npm_/i.test(k)) env[k] = v;
  return {
    ...env,
    NO_COLOR: '1',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    ...extra,
  };
}

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The command and its whole output, for assertion messages. */
  log: string;
}

/** Runs a command to the end (generous timeout: npm on a busy machine). */
export function runCommand(
  cmd: string,
  args: readonly string[],
  opts: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: opts.cwd, env: opts.env ?? cleanEnv() });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 300_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      const log = `$ ${cmd} ${args.join(' ')} (in ${opts.cwd})\n${stdout}${stderr}`;
      resolve({ code, stdout, stderr, log });
    });
  });
}

/** `npm pack -w <workspace>` into `dest` (its prepack builds the package); the tarball's path. */
export async function npmPack(workspace: string, dest: string): Promise<string> {
  const r = await runCommand('npm', ['pack', '-w', workspace, '--pack-destination', dest, '--json'], {
    cwd: REPO_ROOT,
  });
  if (r.code !== 0) throw new Error(`npm pack failed\n${r.log}`);
  // Lifecycle scripts print before the JSON report.
  const report = JSON.parse(r.stdout.slice(r.stdout.indexOf('['))) as { filename: string }[];
  const filename = report[0]?.filename;
  if (!filename) throw new Error(`npm pack wrote no tarball\n${r.log}`);
  return path.join(dest, filename);
}

/** Starts a server and resolves with the first capture of `pattern` in its stdout (e.g. its URL). */
export function startServer(
  cmd: string,
  args: readonly string[],
  opts: SpawnOptionsWithoutStdio,
  pattern: RegExp,
  timeoutMs = 60_000,
): Promise<{ child: ChildProcessWithoutNullStreams; match: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, opts);
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${cmd} ${args.join(' ')} printed no ${pattern} in ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = pattern.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, match: m[1] ?? m[0] });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}:\n${out}`));
    });
  });
}

/** Stops a server started by startServer (SIGTERM, then SIGKILL after 10 s). */
export async function stopServer(child: ChildProcessWithoutNullStreams | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
