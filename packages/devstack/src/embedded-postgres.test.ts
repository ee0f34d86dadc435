import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  embeddedPostgresAvailable,
  embeddedPostgresPackage,
  startEmbeddedPostgres,
} from './embedded-postgres.ts';

const available = embeddedPostgresAvailable();
if (!available)
  console.warn(`skipping embedded PostgreSQL test: ${embeddedPostgresPackage()} is not installed`);

// mkdtemp makes a 0700 directory; as root, Postgres runs as `postgres` and must be able to enter it.
const parent = mkdtempSync(path.join(os.tmpdir(), 'coup-embedded-pg-'));
chmodSync(parent, 0o755);
afterAll(() => rmSync(parent, { recursive: true, force: true }));

async function query(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe.skipIf(!available)('startEmbeddedPostgres', () => {
  it('initialises, starts, creates the database, answers queries, stops, and restarts on its data', async () => {
    const dir = path.join(parent, 'pg');
    const t0 = performance.now();
    const first = await startEmbeddedPostgres({ dir });
    const started = performance.now();
    try {
      expect(first.url).toMatch(/^postgresql:\/\/postgres:.+@127\.0\.0\.1:\d+\/coup$/);
      expect(await query(first.url, 'SELECT current_database() AS db')).toEqual([{ db: 'coup' }]);
      await query(first.url, 'CREATE TABLE kept (x int); INSERT INTO kept VALUES (42)');
      if (process.getuid?.() === 0) expect(statSync(dir).uid).not.toBe(0);
    } finally {
      await first.stop();
    }
    await expect(query(first.url, 'SELECT 1')).rejects.toThrow();

    const second = await startEmbeddedPostgres({ dir });
    try {
      expect(await query(second.url, 'SELECT x FROM kept')).toEqual([{ x: 42 }]);
    } finally {
      await second.stop();
    }
    console.log(
      `embedded postgres: first start (initdb) ${Math.round(started - t0)} ms, total ${Math.round(performance.now() - t0)} ms`,
    );
  }, 90_000);
});
