import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@coup/db/testing';
import { humanBaselines } from '@coup/archive-format';
import type { DecodedGame } from '@coup/archive-format';
import { fromReplay } from '../from-replay';
import { syntheticGame } from '../synthetic';
import { fromCompactGame, unpackEvents } from '../unpack';
import { toCompactGame } from '../pack';
import { playBotMatches, writeArchiveFile } from '../testing';
import { importDataset } from './import';

let db: TestDatabase;
let dir: string;
let ours: DecodedGame[];

beforeAll(async () => {
  db = await createTestDatabase();
  dir = await mkdtemp(join(tmpdir(), 'archive-import-'));
  ours = (await playBotMatches(6, 'import')).map((r) => {
    const out = fromReplay(r);
    if (!out.ok) throw new Error(out.error);
    return out.game.decoded;
  });
}, 120_000);

afterAll(async () => {
  await db?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function gamesOf(datasetId: string): Promise<DecodedGame[]> {
  const rows = await db.prisma.humanGame.findMany({ where: { datasetId }, orderBy: { ordinal: 'asc' } });
  return rows.map((r) => {
    const u = unpackEvents(r.events, r.playerCount, r.gameType as 'original');
    if (!u.ok) throw new Error(u.reason);
    return {
      gameId: r.gameId,
      gameType: r.gameType as DecodedGame['gameType'],
      playerCount: r.playerCount,
      playerIds: r.playerIds,
      winner: r.winner,
      playerRank: r.playerRank,
      events: u.events,
    };
  });
}

const synthetic = (k: number) => syntheticGame(`import:${k}`);
// Stored: the id as text, and no date (the date only tells the importer the era).
const asStored = ({ gameStarted, ...g }: DecodedGame) => {
  void gameStarted;
  return { ...g, gameId: String(g.gameId) };
};

describe('importDataset', () => {
  it.each([
    ['compact, gzipped', { compact: true, gzip: true, workers: 2 }],
    ['decoded, plain', { compact: false, gzip: false, workers: 0 }],
  ])('loads a %s file and reads back the same games', { timeout: 60_000 }, async (_, shape) => {
    const games = [...ours, ...Array.from({ length: 40 }, (_, k) => synthetic(k))];
    const file = join(dir, `games-${shape.compact}.json${shape.gzip ? '.gz' : ''}`);
    await writeArchiveFile(file, games, shape);
    const progress: number[] = [];
    const s = await importDataset({
      file,
      databaseUrl: db.url,
      name: 'test',
      batchSize: 7,
      progressEvery: 10,
      onProgress: (p) => progress.push(p.games),
    });
    expect(s).toMatchObject({
      status: 'ready',
      games: games.length,
      loaded: games.length,
      badCount: 0,
      encoding: shape.compact ? 'compact' : 'decoded',
    });
    const originals = games.filter((g) => g.gameType === 'original').length;
    // Both games are re-played through the engine (issue 20: inquisitors games too).
    expect(games.length).toBeGreaterThan(originals);
    expect(s.replay).toMatchObject({
      replayed: games.length,
      agreed: games.length,
      rulesDiffer: 0,
      disagreed: 0,
      notReplayed: 0,
      differences: {},
    });
    expect(s.warnings).toEqual([]);
    expect(progress.at(-1)).toBe(games.length);
    expect(await gamesOf(s.datasetId!)).toEqual(games.map(asStored));
    const row = await db.prisma.humanDataset.findUniqueOrThrow({ where: { id: s.datasetId! } });
    expect(row).toMatchObject({ status: 'ready', name: 'test', gamesCount: games.length, badCount: 0 });
    expect(row.finishedAt).not.toBeNull();
    // The human baselines are computed over the loaded games in the same pass.
    const baselines = humanBaselines.parse(row.baselines);
    expect(baselines.games).toBe(games.length);
    expect(baselines.byGameType.original.games).toBe(originals);
  });

  it('counts bad games by reason and loads the rest', async () => {
    const good = synthetic(1);
    const compact = toCompactGame(good);
    const packed = Buffer.from(compact.events, 'base64');
    const raws: unknown[] = [
      compact,
      { ...compact, events: 'not base64!' },
      { ...compact, events: packed.subarray(0, packed.length - 1).toString('base64') },
      { ...compact, playerIds: ['one', 'two', 'three'] },
      { ...compact, playerCount: 'two' },
      42,
      { ...good, winner: (good.winner + 1) % good.playerCount },
      { ...good, events: good.events.slice(1) },
      good,
    ];
    const file = join(dir, 'bad-games.json');
    await writeFile(file, JSON.stringify(raws));
    const s = await importDataset({ file, databaseUrl: db.url });
    expect(s).toMatchObject({ status: 'ready', games: 9, loaded: 2, badCount: 7, encoding: 'mixed' });
    expect(s.badReasons).toEqual({
      bad_base64: 1,
      truncated: 1,
      bad_players: 1,
      bad_shape: 2,
      bad_result: 1,
      bad_sequence: 1,
    });
    const stored = await db.prisma.humanGame.findMany({
      where: { datasetId: s.datasetId! },
      select: { ordinal: true },
    });
    expect(stored.map((r) => r.ordinal).sort()).toEqual([1, 9]);
    expect(fromCompactGame(compact)).toMatchObject({ ok: true });
  });

  it.each([
    ['not JSON', 'this is not json', /not a JSON array/],
    ['not an array', '{"games": []}', /not a JSON array/],
    ['an empty array', '[]', /holds no games/],
    ['cut short', '[{"gameId": 1, "events": "', /not a JSON array/],
  ])('fails a file that is %s, keeping none of its games', async (_, content, message) => {
    const file = join(dir, 'bad.json');
    await writeFile(file, content);
    const s = await importDataset({ file, databaseUrl: db.url });
    expect(s.status).toBe('failed');
    expect(s.error).toMatch(message);
    const row = await db.prisma.humanDataset.findUniqueOrThrow({ where: { id: s.datasetId! } });
    expect(row.status).toBe('failed');
    expect(await db.prisma.humanGame.count({ where: { datasetId: s.datasetId! } })).toBe(0);
  });

  it('fails a file that breaks off after good games, keeping none of them', async () => {
    const file = join(dir, 'cut.json.gz');
    await writeArchiveFile(
      file,
      Array.from({ length: 30 }, (_, k) => synthetic(k)),
      { gzip: true },
    );
    const { readFile } = await import('node:fs/promises');
    const bytes = await readFile(file);
    await writeFile(file, bytes.subarray(0, Math.floor(bytes.length * 0.8)));
    const s = await importDataset({ file, databaseUrl: db.url, batchSize: 5 });
    expect(s.status).toBe('failed');
    expect(await db.prisma.humanGame.count({ where: { datasetId: s.datasetId! } })).toBe(0);
  });

  it('stops when interrupted (Ctrl-C), marking the dataset failed and keeping none of its games', async () => {
    const file = join(dir, 'interrupted.json');
    await writeArchiveFile(
      file,
      Array.from({ length: 60 }, (_, k) => synthetic(k)),
      { compact: true },
    );
    const interrupt = new AbortController();
    const s = await importDataset({
      file,
      databaseUrl: db.url,
      batchSize: 5,
      chunkSize: 10,
      workers: 0,
      progressEvery: 20,
      // Interrupted part-way, after some games were already copied.
      onProgress: (p) => p.loaded >= 20 && interrupt.abort(),
      signal: interrupt.signal,
    });
    expect(s).toMatchObject({ status: 'failed', error: 'the import was interrupted' });
    const row = await db.prisma.humanDataset.findUniqueOrThrow({ where: { id: s.datasetId! } });
    expect(row.status).toBe('failed');
    expect(await db.prisma.humanGame.count({ where: { datasetId: s.datasetId! } })).toBe(0);
  });

  it('creates no dataset for a file that is not there', async () => {
    const before = await db.prisma.humanDataset.count();
    const s = await importDataset({ file: join(dir, 'missing.json'), databaseUrl: db.url, name: 'missing' });
    expect(s).toMatchObject({
      status: 'failed',
      datasetId: null,
      error: expect.stringMatching(/cannot read/),
    });
    expect(await db.prisma.humanDataset.count()).toBe(before);
    expect(await db.prisma.humanDataset.count({ where: { name: 'missing' } })).toBe(0);
  });

  it('does not make a dataset of no loaded games ready', async () => {
    const file = join(dir, 'all-bad.json');
    await writeFile(
      file,
      JSON.stringify([{ gameId: 1 }, 42, { ...toCompactGame(synthetic(3)), events: 'x' }]),
    );
    const s = await importDataset({ file, databaseUrl: db.url });
    expect(s).toMatchObject({ status: 'failed', games: 3, loaded: 0, badCount: 3 });
    expect(s.error).toMatch(/none of the 3 games .* could be loaded/);
    const row = await db.prisma.humanDataset.findUniqueOrThrow({ where: { id: s.datasetId! } });
    expect(row).toMatchObject({ status: 'failed', gamesCount: 0, badCount: 3 });
    expect(row.badReasons).toEqual({ bad_shape: 2, bad_base64: 1 });
  });
});
