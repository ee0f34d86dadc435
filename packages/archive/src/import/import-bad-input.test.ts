import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@coup/db/testing';
import { toCompactGame } from '../pack';
import { syntheticGame } from '../synthetic';
import { importDataset } from './import';

// Files built to break an importer: one element nested 10,000 deep, one game holding a 300 MiB or a 1 GiB
// string, junk after the gzip data, a null terminator. Each is one bad game (or a warning), never a failed
// import, and memory stays flat.

let db: TestDatabase;
let dir: string;

beforeAll(async () => {
  db = await createTestDatabase();
  dir = await mkdtemp(join(tmpdir(), 'archive-bad-input-'));
}, 60_000);

afterAll(async () => {
  await db?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const good = (k: number) => JSON.stringify(toCompactGame(syntheticGame(`bad-input:${k}`)));

/**
 * A gzipped file `[good, {"gameId":"huge","events":"aaaa…"}, good]` whose string holds `mib` MiB: written
 * as gzip members one after another (a gzip reader reads them as one stream), so it takes a moment to make.
 */
async function hugeStringFile(path: string, mib: number): Promise<void> {
  const block = gzipSync(Buffer.alloc(1024 * 1024, 'a'));
  const out = createWriteStream(path);
  const write = (b: Buffer) => new Promise<void>((ok, ko) => out.write(b, (e) => (e ? ko(e) : ok())));
  await write(gzipSync(`[${good(1)},\n{"gameId":"huge","gameType":"original","events":"`));
  for (let k = 0; k < mib; k++) await write(block);
  await write(gzipSync(`"},\n${good(2)}]\n`));
  await new Promise<void>((ok) => out.end(ok));
}

/** Runs the import, sampling this process's resident memory; returns the summary and the peak growth. */
async function importMeasured(file: string) {
  const before = process.memoryUsage.rss();
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 50);
  try {
    const s = await importDataset({ file, databaseUrl: db.url, workers: 0 });
    return { s, growthMb: (peak - before) / (1024 * 1024) };
  } finally {
    clearInterval(timer);
  }
}

describe('importDataset on bad input', () => {
  it('counts an element nested 10,000 deep as one bad game and loads the others', async () => {
    const file = join(dir, 'deep.json');
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    await writeFile(file, `[${good(1)},${deep},{"a":${'{"a":'.repeat(5000)}1${'}'.repeat(5001)},${good(2)}]`);
    const s = await importDataset({ file, databaseUrl: db.url });
    expect(s).toMatchObject({
      status: 'ready',
      games: 4,
      loaded: 2,
      badCount: 2,
      badReasons: { too_deep: 2 },
    });
  });

  it('counts an element that is not JSON as one bad game', async () => {
    const file = join(dir, 'not-json.json');
    await writeFile(file, `[${good(1)},{"gameId": tru},${good(2)}]`);
    const s = await importDataset({ file, databaseUrl: db.url });
    expect(s).toMatchObject({ status: 'ready', games: 3, loaded: 2, badReasons: { not_json: 1 } });
  });

  it.each([300, 1024])(
    'skips a game holding a %i MiB string (over the cap on one game), in flat memory',
    async (mib) => {
      const file = join(dir, `huge-${mib}.json.gz`);
      await hugeStringFile(file, mib);
      const { s, growthMb } = await importMeasured(file);
      expect(s).toMatchObject({
        status: 'ready',
        games: 3,
        loaded: 2,
        badCount: 1,
        badReasons: { too_large: 1 },
      });
      // Reading the string whole took 1.7 GB for 300 MiB (and failed at 1 GiB): now a few chunks.
      expect(growthMb).toBeLessThan(250);
    },
    180_000,
  );

  it('reports junk after the gzip data as a warning, keeping every game', async () => {
    const body = gzipSync(`[${good(1)},${good(2)}]`);
    for (const [name, junk] of [
      ['text', Buffer.from('this is not gzip')],
      ['zeros', Buffer.alloc(300)],
    ] as const) {
      const file = join(dir, `junk-${name}.json.gz`);
      await writeFile(file, Buffer.concat([body, junk]));
      const s = await importDataset({ file, databaseUrl: db.url });
      expect(s, name).toMatchObject({ status: 'ready', loaded: 2, badCount: 0 });
      expect(s.warnings, name).toEqual([
        expect.stringMatching(/after the end of the gzip data were ignored/),
      ]);
      const row = await db.prisma.humanDataset.findUniqueOrThrow({ where: { id: s.datasetId! } });
      expect(row.warnings).toEqual(s.warnings);
    }
  });

  it('reports bytes after the closing bracket as a warning', async () => {
    const file = join(dir, 'after-array.json');
    await writeFile(file, `[${good(1)}]\n  trailing words`);
    const s = await importDataset({ file, databaseUrl: db.url });
    expect(s).toMatchObject({ status: 'ready', loaded: 1 });
    expect(s.warnings).toEqual([expect.stringMatching(/14 bytes after the end of the JSON array/)]);
  });

  it('takes the null that ends the archive files as a terminator, and a null inside as a bad game', async () => {
    const file = join(dir, 'terminated.json');
    await writeFile(file, `[\n${good(1)},\n${good(2)},\nnull]`);
    expect(await importDataset({ file, databaseUrl: db.url })).toMatchObject({
      status: 'ready',
      games: 2,
      loaded: 2,
      badCount: 0,
    });
    await writeFile(file, `[${good(1)},null,${good(2)}]`);
    expect(await importDataset({ file, databaseUrl: db.url })).toMatchObject({
      games: 3,
      loaded: 2,
      badReasons: { bad_shape: 1 },
    });
    expect((await readFile(file, 'utf8')).length).toBeGreaterThan(0);
  });
});
