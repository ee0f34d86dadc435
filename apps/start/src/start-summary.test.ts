import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '@coup/db';
import { createTestDatabase } from '@coup/db/testing';
import type { TestDatabase } from '@coup/db/testing';
import { parseEnv } from '@coup/gateway';
import { describeLlm, startSummary, urlToOpen } from './start-summary';
import { deleteKeys } from './testing/harness';

// What `npm start` prints: a short summary (the URL a person opens, the admin key's place, house agents,
// demo matches, the agent address policy, the LLM settings, where the log went), and nothing per request:
// the API's JSON log, requests included, goes to .data/logs/api.log (here COUP_DATA_DIR, a temp folder).

const START = path.join(repoRoot, 'apps/start/src/start.ts');

describe('the start summary', () => {
  it('gives the URL to open: localhost when listening on every interface', () => {
    expect(urlToOpen({ HOST: '0.0.0.0' }, 3000)).toBe('http://localhost:3000');
    expect(urlToOpen({ HOST: '::' }, 3000)).toBe('http://localhost:3000');
    expect(urlToOpen({ HOST: '127.0.0.1' }, 8080)).toBe('http://127.0.0.1:8080');
    expect(urlToOpen({ HOST: '192.168.1.20' }, 80)).toBe('http://192.168.1.20:80');
    expect(urlToOpen({ HOST: 'fd00::1' }, 3000)).toBe('http://[fd00::1]:3000');
    expect(urlToOpen({ HOST: '0.0.0.0', PUBLIC_URL: 'https://coup.example.com/' }, 3000)).toBe(
      'https://coup.example.com',
    );
  });

  it('says which LLM settings are in force, never the API key', () => {
    expect(describeLlm(parseEnv({}))).toBe(
      'off: LLM_BASE_URL is not set, so hosted llm agents cannot be registered',
    );
    const on = describeLlm(
      parseEnv({
        LLM_BASE_URL: 'http://127.0.0.1:8080/v1',
        LLM_API_KEY: 'sk-very-secret',
        LLM_MODELS: 'qwen2.5-7b,llama3.1:8b',
        LLM_TIMEOUT_MS: '20000',
      }),
    );
    expect(on).toBe(
      'http://127.0.0.1:8080/v1 (API key set), models qwen2.5-7b, llama3.1:8b (LLM_MODELS), ' +
        'decision deadline 20000 ms (LLM_TIMEOUT_MS)',
    );
    expect(on).not.toContain('sk-very-secret');
    expect(describeLlm(parseEnv({ LLM_BASE_URL: 'http://127.0.0.1:8080/v1' }))).toContain(
      'no API key), no models: set LLM_MODELS',
    );
  });

  it('lists what a newcomer needs, in ten lines', () => {
    const lines = startSummary({
      env: parseEnv({ DEMO_MATCHES: '0' }),
      addressesExplicit: false,
      port: 3000,
      adminKeyFile: '/repo/.data/admin.key',
      house: ['house-random', 'house-honest', 'house-heuristic'],
      demoMatches: 0,
      logFile: '/repo/.data/logs/api.log',
      worker: 'process',
      cwd: '/repo',
    });
    expect(lines).toEqual([
      'Coup Arena is running at http://localhost:3000 (open it in a browser)',
      '  API docs:        http://localhost:3000/docs',
      '  admin key:       in .data/admin.key (operator pages such as http://localhost:3000/admin/queues)',
      '  house agents:    house-random, house-honest, house-heuristic',
      '  demo matches:    none (DEMO_MATCHES=0)',
      '  matches played:  a worker process',
      expect.stringMatching(/^ {2}agent endpoints: AGENT_ADDRESSES=private \(the default outside NODE_ENV/),
      '  LLM agents:      off: LLM_BASE_URL is not set, so hosted llm agents cannot be registered',
      '  API log:         .data/logs/api.log (JSON, LOG_LEVEL=info: every request; warnings and errors show here too)',
      'Press Ctrl-C to stop.',
    ]);
  });
});

describe('npm start output', () => {
  let db: TestDatabase;
  let dataDir = '';
  let child: ChildProcess | undefined;
  const prefix = `summarytest_${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    [db, dataDir] = await Promise.all([
      createTestDatabase({ migrate: false }),
      mkdtemp(path.join(tmpdir(), 'coup-start-')),
    ]);
  }, 60_000);
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await deleteKeys(prefix);
    await db?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('prints a short summary with the URL to open, and logs requests to a file', async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: db.url,
      PORT: '0',
      QUEUE_PREFIX: prefix,
      COUP_DATA_DIR: dataDir,
      SECRET_KEY: `summary-test-${randomBytes(8).toString('hex')}`,
      NODE_ENV: 'development',
      DEMO_MATCHES: '1',
      WORKER_NICE: '0',
    };
    // As a user starts it: every interface (HOST's default), the default log level, a generated admin key.
    for (const name of ['HOST', 'LOG_LEVEL', 'ADMIN_KEY', 'AGENT_ADDRESSES', 'LLM_BASE_URL', 'PUBLIC_URL']) {
      delete env[name];
    }
    const c = spawn(process.execPath, ['--import', 'tsx', START], { cwd: repoRoot, env });
    child = c;
    let out = '';
    c.stdout.on('data', (d: Buffer) => void (out += d.toString('utf8')));
    c.stderr.on('data', (d: Buffer) => void (out += d.toString('utf8')));
    const waitFor = async (re: RegExp, timeoutMs = 90_000) => {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const m = re.exec(out);
        if (m) return m;
        if (Date.now() > until) throw new Error(`no output matching ${re} within ${timeoutMs} ms:\n${out}`);
        if (c.exitCode !== null) throw new Error(`exited (${c.exitCode}) before ${re}:\n${out}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };

    const [, url = '', port = ''] = await waitFor(
      /Coup Arena is running at (http:\/\/localhost:(\d+)) \(open it in a browser\)/,
    );
    await waitFor(/Press Ctrl-C to stop\./);
    expect(out).toContain(`[coup]   API docs:        ${url}/docs`);
    expect(out).toContain(`[coup]   admin key:       in ${path.join(dataDir, 'admin.key')}`);
    expect(out).toContain('[coup]   house agents:    house-');
    expect(out).toContain('[coup]   demo matches:    1 queued between the house agents (DEMO_MATCHES=1)');
    expect(out).toMatch(/\[coup\] {3}agent endpoints: AGENT_ADDRESSES=private \(the default/);
    expect(out).toContain('[coup]   LLM agents:      off: LLM_BASE_URL is not set');
    const logFile = path.join(dataDir, 'logs', 'api.log');
    expect(out).toContain(`[coup]   API log:         ${logFile} (JSON, LOG_LEVEL=info: every request`);

    // A person browsing: pages and API calls. None of them adds a line to the terminal.
    const before = out.split('\n').length;
    for (let i = 0; i < 20; i++) {
      const res = await Promise.all(
        ['/', '/v1/leaderboard', '/v1/agents?house=true', '/healthz'].map((p) => fetch(`${url}${p}`)),
      );
      expect(res.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    }
    await new Promise((r) => setTimeout(r, 1000));
    const lines = out.split('\n');
    expect(lines.length - before).toBeLessThanOrEqual(2); // a demo match's worker line at most
    expect(lines.filter((l) => l.startsWith('{'))).toEqual([]);
    // Never the machine's other addresses (fastify's "Server listening at http://192.0.2.2:..."): one URL.
    expect(out).not.toMatch(/listening at/i);
    expect(lines.length).toBeLessThan(40);

    expect(existsSync(logFile)).toBe(true);
    const logged = readFileSync(logFile, 'utf8');
    expect(logged).toContain('"url":"/v1/leaderboard"');
    expect(logged).toContain(`Server listening at http://127.0.0.1:${port}`);

    const exited = new Promise<number | null>((resolve) => c.once('exit', (code) => resolve(code)));
    c.kill('SIGINT');
    expect(await exited).toBe(0);
  }, 150_000);
});
