import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readMigrations, repoRoot } from '@coup/db';
import { appliedMigrations, createTestDatabase } from '@coup/db/testing';
import type { TestDatabase } from '@coup/db/testing';

// The developer migration commands (`npm run db:migrate:*`): the same bookkeeping as the runtime migrate()
// of @coup/db, so processes deploying at once and the Prisma 6 CLI agree with it.

const databases: TestDatabase[] = [];
afterAll(() => Promise.all(databases.map((d) => d.drop())));

/** A database of the test's own, dropped at the end: empty, or with the migrations applied. */
async function database(o: { migrated: boolean }): Promise<TestDatabase> {
  const db = await createTestDatabase({ migrate: o.migrated });
  databases.push(db);
  return db;
}

describe('the migration CLI', () => {
  it('is safe when separate processes deploy at once', async () => {
    const db = await database({ migrated: false });
    const cli = path.join(repoRoot, 'packages/devstack/src/migrate/cli.ts');
    const runs = Array.from(
      { length: 3 },
      () =>
        new Promise<{ code: number | null; out: string }>((resolve) => {
          const child = spawn(process.execPath, ['--import', 'tsx', cli, 'deploy'], {
            env: { ...process.env, DATABASE_URL: db.url },
          });
          let out = '';
          child.stdout.on('data', (c: Buffer) => (out += c.toString()));
          child.stderr.on('data', (c: Buffer) => (out += c.toString()));
          child.on('close', (code) => resolve({ code, out }));
        }),
    );
    const results = await Promise.all(runs);
    expect(results.map((r) => r.code)).toEqual([0, 0, 0]);
    const appliedCounts = results.map((r) => Number(/(\d+) migration\(s\) applied/.exec(r.out)?.[1]));
    expect(appliedCounts.reduce((a, b) => a + b, 0)).toBe(readMigrations().length);
    expect((await appliedMigrations(db.url)).length).toBe(readMigrations().length);
  }, 30_000);

  it('leaves a database that `prisma migrate status` (Prisma 6 CLI) calls up to date', async () => {
    const db = await database({ migrated: true });
    const cli = path.join(repoRoot, 'packages/devstack/src/migrate/cli.ts');
    const run = spawnSync(process.execPath, ['--import', 'tsx', cli, 'status'], {
      env: { ...process.env, DATABASE_URL: db.url },
      encoding: 'utf8',
    });
    expect(run.stdout + run.stderr).toContain('Database schema is up to date');
    expect(run.status).toBe(0);
  }, 30_000);
});
