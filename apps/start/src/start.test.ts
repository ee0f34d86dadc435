import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '@coup/db';
import { createTestDatabase } from '@coup/db/testing';
import type { TestDatabase } from '@coup/db/testing';
import { deleteKeys } from './testing/harness';
import { WORKER_NODE_FLAGS } from './worker-child';

// The README's start command, run as a user runs it (a process, stopped with Ctrl-C): it migrates an
// empty database, registers the house bots, plays demo matches and serves the API and the web UI, the API
// and its match worker each in a child process of its own, started again when they die.
const START = path.join(repoRoot, 'apps/start/src/start.ts');

let db: TestDatabase;
const prefix = `starttest_${randomBytes(4).toString('hex')}`;
const running: ChildProcess[] = [];

beforeAll(async () => {
  db = await createTestDatabase({ migrate: false });
}, 60_000);

afterAll(async () => {
  for (const c of running) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await deleteKeys(prefix);
  await db?.drop();
});

interface Started {
  child: ChildProcess;
  url: string;
  /** Resolves with the first match of `re` in everything the process has written (now or later). */
  waitFor(re: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  output(): string;
}

async function startCommand(env: Record<string, string | undefined>): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', START], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      PORT: '0',
      HOST: '127.0.0.1',
      QUEUE_PREFIX: prefix,
      ADMIN_KEY: `adm_${randomBytes(12).toString('hex')}`,
      SECRET_KEY: `start-test-${randomBytes(8).toString('hex')}`,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      // Test processes are busy enough; the default (10) is checked by crash-recovery.test.ts.
      WORKER_NICE: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let out = '';
  child.stdout.on('data', (c: Buffer) => void (out += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => void (out += c.toString('utf8')));
  const waitFor = async (re: RegExp, timeoutMs = 60_000) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const m = re.exec(out);
      if (m) return m;
      if (Date.now() > until) throw new Error(`no output matching ${re} within ${timeoutMs} ms:\n${out}`);
      if (child.exitCode !== null) throw new Error(`exited (${child.exitCode}) before ${re}:\n${out}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const m = await waitFor(/Coup Arena is running at (http:\/\/\S+)/);
  return { child, url: m[1] as string, waitFor, output: () => out };
}

async function finishedMatches(url: string, atLeast: number): Promise<number> {
  const deadline = Date.now() + 30_000;
  let finished = 0;
  while (Date.now() < deadline) {
    const res = (await (await fetch(`${url}/v1/matches?status=finished`)).json()) as { items: unknown[] };
    finished = res.items.length;
    if (finished >= atLeast) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return finished;
}

/** A new account queues a match of the three house agents; the status of POST /v1/matches. */
async function queueHouseMatch(url: string): Promise<number> {
  const house = (await (await fetch(`${url}/v1/agents?house=true`)).json()) as { items: { id: string }[] };
  const res = await fetch(`${url}/v1/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: `start-${randomBytes(3).toString('hex')}` }),
  });
  const { apiKey } = (await res.json()) as { apiKey: string };
  const queued = await fetch(`${url}/v1/matches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
    body: JSON.stringify({ agents: house.items.slice(0, 3).map((a) => a.id) }),
  });
  return queued.status;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(cond: () => boolean, what: string, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function ctrlC(child: ChildProcess): Promise<number | null | 'hung'> {
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGINT');
  return Promise.race([exited, new Promise<'hung'>((r) => setTimeout(() => r('hung'), 15_000))]);
}

describe('npm start', () => {
  it('starts the platform on an empty database, plays the demo matches, and stops on Ctrl-C', async () => {
    const s = await startCommand({
      DEMO_MATCHES: '2',
      // The one-command start's own default: it must say which agent addresses it calls.
      AGENT_ADDRESSES: undefined,
    });
    const m = await s.waitFor(/agent endpoints: AGENT_ADDRESSES=(\w+) \(the default/);
    expect(m[1]).toBe('private');
    expect((await fetch(`${s.url}/readyz`)).status).toBe(200);
    const house = (await (await fetch(`${s.url}/v1/agents?house=true`)).json()) as { items: unknown[] };
    // Every built-in kind is a house agent (issue 22): random, honest, heuristic, people, search-1..3.
    expect(house.items.length).toBe(7);
    expect(await finishedMatches(s.url, 2)).toBe(2);
    const page = await fetch(`${s.url}/`);
    expect(page.headers.get('content-type')).toContain('text/html');

    // The worker is a process of its own; killed, it is started again and plays the next match.
    const first = Number((await s.waitFor(/worker (\d+) running \(concurrency \d+, nice 0\)/))[1]);
    expect(first).not.toBe(s.child.pid);
    expect(alive(first)).toBe(true);
    // Started with the worker's own Node flags (its young generation: worker-child.ts).
    const argv = readFileSync(`/proc/${first}/cmdline`, 'utf8').split('\0');
    expect(argv).toEqual(expect.arrayContaining([...WORKER_NODE_FLAGS]));
    process.kill(first, 'SIGKILL');
    await s.waitFor(new RegExp(`worker ${first} exited \\(signal SIGKILL\\); starting it again in 1 s`));
    const second = Number((await s.waitFor(new RegExp(`worker (?!${first}\\b)(\\d+) running`)))[1]);
    expect(second).not.toBe(first);
    expect(await queueHouseMatch(s.url)).toBe(201);
    expect(await finishedMatches(s.url, 3)).toBe(3);

    expect(await ctrlC(s.child)).toBe(0);
    await until(() => !alive(second), 'the worker stops with npm start');
  }, 120_000);

  it('starts its API process again on the same port when it dies; the worker carries on', async () => {
    const s = await startCommand({ DEMO_MATCHES: '0' });
    const m = await s.waitFor(/api (\d+) listening on port (\d+)/);
    const [first, port] = [Number(m[1]), m[2] as string];
    expect(first).not.toBe(s.child.pid);
    expect(new URL(s.url).port).toBe(port);
    const worker = Number((await s.waitFor(/worker (\d+) running/))[1]);
    process.kill(first, 'SIGKILL');
    await s.waitFor(new RegExp(`api ${first} exited \\(signal SIGKILL\\); starting it again in 1 s`));
    const again = await s.waitFor(/api (\d+) listening again on port (\d+)/);
    const second = Number(again[1]);
    expect(second).not.toBe(first);
    expect(again[2]).toBe(port);
    expect((await fetch(`${s.url}/readyz`)).status).toBe(200);
    expect(alive(worker)).toBe(true);
    const before = await finishedMatches(s.url, 0);
    expect(await queueHouseMatch(s.url)).toBe(201);
    expect(await finishedMatches(s.url, before + 1)).toBe(before + 1);
    expect(await ctrlC(s.child)).toBe(0);
    await until(() => !alive(second) && !alive(worker), 'the API and the worker stop with npm start');
  }, 120_000);

  it('takes its API and its worker down with it, however it dies', async () => {
    const s = await startCommand({ DEMO_MATCHES: '0' });
    const api = Number((await s.waitFor(/api (\d+) listening on port/))[1]);
    const pid = Number((await s.waitFor(/worker (\d+) running/))[1]);
    s.child.kill('SIGKILL');
    await until(() => !alive(pid), 'the worker sees its parent gone');
    await until(() => !alive(api), 'the API sees its parent gone');
  }, 120_000);

  it('runs the worker inside its own process with WORKER_IN_PROCESS=true', async () => {
    const s = await startCommand({ DEMO_MATCHES: '1', WORKER_IN_PROCESS: 'true' });
    const before = await finishedMatches(s.url, 0);
    expect(await queueHouseMatch(s.url)).toBe(201);
    expect(await finishedMatches(s.url, before + 1)).toBeGreaterThan(before);
    expect(s.output()).not.toMatch(/worker \d+ running/);
    const api = Number((await s.waitFor(/api (\d+) listening on port/))[1]);
    expect(await ctrlC(s.child)).toBe(0);
    await until(() => !alive(api), 'the API stops with npm start');
  }, 120_000);
});
