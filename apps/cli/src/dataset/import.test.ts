import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticGame } from '@coup/archive';
import { treasonSamplePath, writeArchiveFile } from '@coup/archive/testing';
import { createTestDatabase, type TestDatabase } from '@coup/db/testing';
import { runCli } from '../testing/cli.ts';

let db: TestDatabase;
let dir: string;

beforeAll(async () => {
  db = await createTestDatabase();
  dir = await mkdtemp(join(tmpdir(), 'cli-dataset-'));
}, 60_000);

afterAll(async () => {
  await db?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('coup dataset import', () => {
  it('imports a gzipped compact file and prints the summary', async () => {
    const file = join(dir, 'games.json.gz');
    await writeArchiveFile(
      file,
      Array.from({ length: 25 }, (_, k) => syntheticGame(`cli:${k}`)),
      { gzip: true },
    );
    const r = await runCli(['dataset', 'import', file, '--name', 'cli test'], { DATABASE_URL: db.url });
    // Not a terminal: progress lines instead of a bar.
    expect(r.stderr).toMatch(/^import: 100% of the file read, 25 games \(0 bad\)\n$/);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/dataset hds_\w+ \(cli test\): ready/);
    expect(r.stdout).toMatch(/games read 25, loaded 25, bad 0 \(compact\)/);
    const row = await db.prisma.humanDataset.findFirstOrThrow({ where: { name: 'cli test' } });
    expect(row).toMatchObject({
      status: 'ready',
      gamesCount: 25,
      sourceFile: 'games.json.gz',
      encoding: 'compact',
    });
  }, 60_000);

  it('fails a file that is not a JSON array, with a message and exit code 1', async () => {
    const file = join(dir, 'object.json');
    await writeFile(file, '{"not": "an array"}');
    const r = await runCli(['dataset', 'import', file, '--database-url', db.url]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/is not a JSON array of games .* marked failed/);
    const row = await db.prisma.humanDataset.findFirstOrThrow({ where: { name: 'object.json' } });
    expect(row.status).toBe('failed');
  }, 60_000);

  it("finds the database of a platform started here with `npm start` (its data directory's database.url)", async () => {
    const data = await mkdtemp(join(tmpdir(), 'coup-data-'));
    await writeFile(join(data, 'database.url'), `${db.url}\n`);
    const file = join(dir, 'local.json');
    await writeArchiveFile(file, [syntheticGame('cli:local')], { compact: true });
    const r = await runCli(['dataset', 'import', file, '--name', 'local'], {
      DATABASE_URL: '',
      COUP_DATA_DIR: data,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(await db.prisma.humanDataset.count({ where: { name: 'local', status: 'ready' } })).toBe(1);
    await rm(data, { recursive: true, force: true });
  }, 60_000);

  it('leaves no dataset behind for a file that is not there (a message and exit code 1)', async () => {
    const file = join(dir, 'not-there.json.gz');
    const r = await runCli(['dataset', 'import', file, '--name', 'ghost', '--database-url', db.url]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^coup: cannot read .*not-there\.json\.gz: .*ENOENT.* \(no dataset created\)$/m);
    expect(await db.prisma.humanDataset.count({ where: { name: 'ghost' } })).toBe(0);
  }, 60_000);

  it('imports the export of the treason server: every game, no disagreement, the rule differences named', async () => {
    const r = await runCli(
      [
        'dataset',
        'import',
        treasonSamplePath('games.json.gz'),
        '--name',
        'treason export',
        '--database-url',
        db.url,
      ],
      {},
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/games read 1233, loaded 1233, bad 0 \(document\)/);
    expect(r.stdout).toMatch(
      /re-played through our engine: 1233 \(agreed \d+, rules differ \d+, disagreed 0\)/,
    );
    expect(r.stdout).toMatch(/rules differ: action_after_game_over \(\d+ games\)/);
    expect(r.stdout).not.toMatch(/^ {2}disagreed:/m);
  }, 120_000);

  it('warns about bytes after the gzip data and still makes the dataset', async () => {
    const file = join(dir, 'junk.json.gz');
    await writeArchiveFile(file, [syntheticGame('cli:junk')], { gzip: true });
    await writeFile(file, Buffer.concat([await readFile(file), Buffer.from('garbage')]));
    const r = await runCli(['dataset', 'import', file, '--name', 'junk', '--database-url', db.url]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/coup: warning: .*7 bytes after the end of the gzip data were ignored/);
    expect(await db.prisma.humanDataset.count({ where: { name: 'junk', status: 'ready' } })).toBe(1);
  }, 60_000);

  it('needs a database', async () => {
    // No DATABASE_URL, and no platform started in this data directory.
    const empty = await mkdtemp(join(tmpdir(), 'coup-no-data-'));
    const r = await runCli(['dataset', 'import', 'x.json'], { DATABASE_URL: '', COUP_DATA_DIR: empty });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/set DATABASE_URL or pass --database-url/);
  });
});
