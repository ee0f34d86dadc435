import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '@coup/db';
import { createTestDatabase } from '@coup/db/testing';
import type { TestDatabase } from '@coup/db/testing';
import { waitForLine } from './testing/agents';
import { deleteKeys } from './testing/harness';

// The README's start command, run as a user runs it (a process, stopped with Ctrl-C): it migrates an
// empty database, registers the house bots, plays demo matches and serves the API and the web UI.
const START = path.join(repoRoot, 'apps/start/src/start.ts');

let db: TestDatabase;
const prefix = `starttest_${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  db = await createTestDatabase({ migrate: false });
}, 60_000);

afterAll(async () => {
  await deleteKeys(prefix);
  await db?.drop();
});

describe('npm start', () => {
  it('starts the platform on an empty database, plays the demo matches, and stops on Ctrl-C', async () => {
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
        DEMO_MATCHES: '2',
        // The one-command start's own default: it must say which agent addresses it calls.
        AGENT_ADDRESSES: undefined,
        NODE_ENV: 'development',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const m = await waitForLine(
        child,
        /agent endpoints: AGENT_ADDRESSES=(\w+) \(the default[\s\S]*Coup Arena is running at (http:\/\/\S+)/,
        60_000,
      );
      expect(m[1]).toBe('private');
      const url = m[2] as string;
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
      const house = (await (await fetch(`${url}/v1/agents?house=true`)).json()) as { items: unknown[] };
      expect(house.items.length).toBe(3);
      const deadline = Date.now() + 30_000;
      let finished = 0;
      while (Date.now() < deadline) {
        const res = (await (await fetch(`${url}/v1/matches?status=finished`)).json()) as { items: unknown[] };
        finished = res.items.length;
        if (finished >= 2) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(finished).toBe(2);
      const page = await fetch(`${url}/`);
      expect(page.headers.get('content-type')).toContain('text/html');

      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGINT');
      const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('hung'), 15_000))]);
      expect(code).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 120_000);
});
