import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createBot } from '@coup/bots';
import type { BotKind } from '@coup/bots';
import { repoRoot } from '@coup/db';
import type { DecisionRequest } from '@coup/protocol';
import { createAgent } from '@coup/sdk';
import type { ListeningAgent } from '@coup/sdk';

// Agents for the integration tests: built-in bots served by the real CLI (`coup bot serve`) in child
// processes, and in-test HTTP agents (the SDK) that can be slowed down so a match lasts long enough to
// crash a worker or watch it live.

export const CLI = path.join(repoRoot, 'apps/cli/bin/coup.js');

export interface BotProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Waits for a line of the child's stdout that matches `re`; rejects if the child exits first. */
export function waitForLine(child: ChildProcess, re: RegExp, timeoutMs = 20_000): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(
      () => done(new Error(`no line matching ${re} within ${timeoutMs} ms:\n${out}${err}`)),
      timeoutMs,
    );
    const onOut = (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const m = re.exec(out);
      if (m) done(null, m);
    };
    const onErr = (chunk: Buffer) => void (err = (err + chunk.toString('utf8')).slice(-4000));
    const onExit = (code: number | null) => done(new Error(`exited (${code}) before ${re}:\n${out}${err}`));
    function done(e: Error | null, m?: RegExpExecArray) {
      clearTimeout(timer);
      child.stdout?.off('data', onOut);
      child.stderr?.off('data', onErr);
      child.off('exit', onExit);
      if (e) reject(e);
      else resolve(m as RegExpExecArray);
    }
    child.stdout?.on('data', onOut);
    child.stderr?.on('data', onErr);
    child.once('exit', onExit);
  });
}

/** Stops a child process: SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs = 3000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** `coup bot serve <kind> --port 0`, checking signatures with `secret` (COUP_AGENT_SECRET). */
export async function serveBotWithCli(kind: BotKind, secret: string): Promise<BotProcess> {
  const child = spawn(process.execPath, [CLI, 'bot', 'serve', kind, '--port', '0', '--quiet'], {
    cwd: repoRoot,
    env: { ...process.env, COUP_AGENT_SECRET: secret },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const m = await waitForLine(child, /listening on (http:\/\/\S+)/);
    return { url: m[1] as string, child, stop: () => stopChild(child) };
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
}

export interface TestAgent extends ListeningAgent {
  /** Every decision request received, in order. */
  requests: DecisionRequest[];
  /** Changes the wait before each answer: a test that has seen what it needs lets the match finish fast
   * (two careful bots can block each other's steals up to the 300-turn cap). */
  setDelay(ms: number): void;
}

/** A built-in bot as an SDK HTTP agent that waits `delayMs` before each answer. */
export async function slowAgent(o: {
  kind?: BotKind;
  delayMs: number;
  secret?: string;
  name?: string;
}): Promise<TestAgent> {
  const bot = createBot(o.kind ?? 'random', { seed: o.name ?? 'slow' });
  const requests: DecisionRequest[] = [];
  let delayMs = o.delayMs;
  const agent = createAgent({
    name: o.name ?? 'slow',
    ...(o.secret !== undefined ? { secret: o.secret } : {}),
    onError: () => undefined,
    async decide(req) {
      requests.push(req);
      if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
      return bot.decide(req);
    },
  });
  const listening = await agent.listen(0);
  return Object.assign(listening, { requests, setDelay: (ms: number) => void (delayMs = ms) });
}
