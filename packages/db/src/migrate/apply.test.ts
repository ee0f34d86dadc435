import { cpSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationsDir } from '../paths.ts';
import { appliedMigrations, createTestDatabase, dropDatabase, testServerUrl } from '../testing.ts';
import type { TestDatabase } from '../testing.ts';
import { migrate, readMigrations } from './apply.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

async function emptyDatabase(): Promise<TestDatabase> {
  const db = await createTestDatabase({ migrate: false });
  cleanups.push(db.drop);
  return db;
}

describe('migrate', () => {
  it('applies every migration to a fresh database, then finds nothing to do', async () => {
    const db = await emptyDatabase();
    const expected = readMigrations().map((m) => m.name);
    const first = await migrate(db.url);
    console.log(
      `migrate on a fresh database: ${first.durationMs} ms for ${first.applied.length} migration(s)`,
    );
    expect(first.applied).toEqual(expected);
    const second = await migrate(db.url);
    expect(second.applied).toEqual([]);
    const rows = await appliedMigrations(db.url);
    expect(rows.map((r) => r.migration_name)).toEqual(expected);
    expect(rows.map((r) => r.checksum)).toEqual(readMigrations().map((m) => m.checksum));
    expect(rows.every((r) => r.finished_at && !r.rolled_back_at)).toBe(true);
    expect(await db.prisma.account.count()).toBe(0);
  });

  it('says what it applies: a line each by default, one line in all as a start prints it', async () => {
    const names = readMigrations().map((m) => m.name);
    const each: string[] = [];
    await migrate((await emptyDatabase()).url, { log: (l) => each.push(l) });
    expect(each).toEqual(names.map((n) => `applying migration ${n}`));
    const summary: string[] = [];
    await migrate((await emptyDatabase()).url, { log: (l) => summary.push(l), progress: 'summary' });
    expect(summary).toHaveLength(1);
    expect(summary[0]).toMatch(
      new RegExp(
        `^applied ${names.length} migrations \\(${names[0]} \\.\\.\\. ${names.at(-1)}\\) in \\d+ ms$`,
      ),
    );
    const again: string[] = [];
    const db = await emptyDatabase();
    await migrate(db.url);
    await migrate(db.url, { log: (l) => again.push(l), progress: 'summary' });
    expect(again).toEqual([]);
  });

  it('is safe when several callers (separate connections) migrate one database at once', async () => {
    const db = await emptyDatabase();
    const results = await Promise.all([migrate(db.url), migrate(db.url), migrate(db.url), migrate(db.url)]);
    expect(results.flatMap((r) => r.applied).sort()).toEqual(readMigrations().map((m) => m.name));
    expect((await appliedMigrations(db.url)).length).toBe(readMigrations().length);
  });

  it('creates the database when it does not exist', async () => {
    const url = new URL(testServerUrl());
    const name = `coup_test_missing_${Date.now().toString(36)}`;
    url.pathname = `/${name}`;
    cleanups.push(() => dropDatabase(name));
    const result = await migrate(url.toString());
    expect(result.applied.length).toBe(readMigrations().length);
  });

  it('records a failing migration as rolled back, so a fixed one is retried', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'coup-migrations-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    cpSync(migrationsDir, dir, { recursive: true });
    const bad = path.join(dir, '99990101000000_broken');
    mkdirSync(bad);
    writeFileSync(
      path.join(bad, 'migration.sql'),
      'CREATE TABLE broken_a (x int);\nSELECT no_such_function();\n',
    );
    const db = await emptyDatabase();
    await expect(migrate(db.url, { migrationsDir: dir })).rejects.toThrow(/99990101000000_broken failed/);
    const failed = (await appliedMigrations(db.url)).find(
      (r) => r.migration_name === '99990101000000_broken',
    );
    expect(failed?.rolled_back_at).toBeTruthy();
    expect(failed?.logs).toMatch(/no_such_function/);
    // The implicit transaction undid the first statement too.
    writeFileSync(path.join(bad, 'migration.sql'), 'CREATE TABLE broken_a (x int);\n');
    expect((await migrate(db.url, { migrationsDir: dir })).applied).toEqual(['99990101000000_broken']);
  });
});
