import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Test helpers that run the real `coup` command as a child process, exactly as a user would (through
// bin/coup.js and tsx), so the tests cover argument parsing, output and exit codes end to end.

export const BIN = fileURLToPath(new URL('../../bin/coup.js', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function startCli(
  args: readonly string[],
  extraEnv: Record<string, string> = {},
): ChildProcessWithoutNullStreams {
  // NO_COLOR and a non-TTY stderr keep the output plain (no progress bar); secrets, platform settings
  // and the config file of the developer's environment must not leak into (or be touched by) the tests.
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  for (const name of [
    'COUP_AGENT_SECRET',
    'COUP_URL',
    'COUP_API_KEY',
    'COUP_CONFIG',
    'LLM_BASE_URL',
    'LLM_API_KEY',
    'LLM_MODELS',
    'LLM_TIMEOUT_MS',
  ])
    delete env[name];
  return spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...env, ...extraEnv } });
}

export function runCli(args: readonly string[], extraEnv: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = startCli(args, extraEnv);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Resolves with the first stdout match of `pattern` (e.g. the URL printed by `coup bot serve`). */
export function waitForOutput(
  child: ChildProcessWithoutNullStreams,
  pattern: RegExp,
): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = out.match(pattern);
      if (m) {
        child.stdout.off('data', onData);
        resolve(m);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.once('exit', (code) => reject(new Error(`exited with ${code} before printing ${pattern}: ${err}`)));
  });
}

export function exitOf(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

export async function tempDir(): Promise<{
  path: string;
  file(name: string): string;
  remove(): Promise<void>;
}> {
  const path = await mkdtemp(join(tmpdir(), 'coup-cli-'));
  return { path, file: (name) => join(path, name), remove: () => rm(path, { recursive: true, force: true }) };
}

/** A replay without what changes from run to run (wall-clock times and latencies). */
export function withoutTimings(replay: unknown): unknown {
  return JSON.parse(JSON.stringify(replay), (key, value: unknown) =>
    key === 'startedAt' || key === 'finishedAt' || key === 'requestedAt' || key === 'latencyMs'
      ? undefined
      : value,
  );
}
export * from './packages.ts';
