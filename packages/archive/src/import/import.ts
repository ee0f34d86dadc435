import { basename } from 'node:path';
import pg from 'pg';
import { newId, ID_PREFIX } from '@coup/db';
import type { BadGameReason } from '../reasons';
import { replayCheck } from '../replay-check';
import { createBaselines } from './baselines-hook';
import { BatchCopier } from './copier';
import { gameRow, HUMAN_GAMES_COPY } from './copy-rows';
import { readGame, type GameEncoding } from './read-game';
import { FileError, openArrayFile } from './source';

// `coup dataset import`: one file of the public human games archive (compact or decoded, gzipped or
// not) into a new human dataset. Streams the file, reads and checks each game (readGame), re-plays
// `original` games through our engine (replayCheck), and loads the good ones with batched COPY. The
// dataset is `importing` until the end, then `ready`; a file that cannot be read (not JSON, not an array,
// unreadable, empty) leaves it `failed` with none of its games kept. The CLI is a thin shell over this.

export interface ImportProgress {
  bytesRead: number;
  totalBytes: number;
  games: number;
  loaded: number;
  bad: number;
}

export interface ImportOptions {
  file: string;
  databaseUrl: string;
  /** The dataset's name; default the file's base name. */
  name?: string;
  /** Rows per COPY statement (default 5000). */
  batchSize?: number;
  /** Called about every `progressEvery` games (default 2000) and once at the end. */
  onProgress?(p: ImportProgress): void;
  progressEvery?: number;
}

export interface ReplaySummary {
  replayed: number;
  agreed: number;
  disagreed: number;
  notReplayed: number;
  /** Disagreements by kind (the note with its numbers replaced by N), most frequent first. */
  reasons: Record<string, number>;
}

export interface ImportSummary {
  datasetId: string;
  name: string;
  status: 'ready' | 'failed';
  /** Why the dataset failed (a file that cannot be read). */
  error?: string;
  encoding: GameEncoding | 'mixed' | 'unknown';
  games: number;
  loaded: number;
  badCount: number;
  badReasons: Partial<Record<BadGameReason, number>>;
  replay: ReplaySummary;
  seconds: number;
}

const noteKind = (note: string) => note.replace(/^turn at event \d+: /, '').replace(/\d+/g, 'N');

function sorted(counts: Map<string, number>): Record<string, number> {
  return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]));
}

export async function importDataset(opts: ImportOptions): Promise<ImportSummary> {
  const started = performance.now();
  const name = opts.name ?? basename(opts.file);
  const datasetId = newId(ID_PREFIX.humanDataset);
  const client = new pg.Client({ connectionString: opts.databaseUrl });
  await client.connect();
  const bad = new Map<BadGameReason, number>();
  const replayKinds = new Map<string, number>();
  const replay: ReplaySummary = { replayed: 0, agreed: 0, disagreed: 0, notReplayed: 0, reasons: {} };
  const encodings = new Set<GameEncoding>();
  let games = 0;
  let loaded = 0;
  let badCount = 0;
  const summary = (status: 'ready' | 'failed', error?: string): ImportSummary => ({
    datasetId,
    name,
    status,
    ...(error === undefined ? {} : { error }),
    encoding: encodings.size > 1 ? 'mixed' : ([...encodings][0] ?? 'unknown'),
    games,
    loaded,
    badCount,
    badReasons: Object.fromEntries(bad) as Partial<Record<BadGameReason, number>>,
    replay: { ...replay, reasons: sorted(replayKinds) },
    seconds: (performance.now() - started) / 1000,
  });

  try {
    await client.query(
      `INSERT INTO human_datasets (id, name, source_file, encoding, status) VALUES ($1, $2, $3, 'unknown', 'importing')`,
      [datasetId, name, basename(opts.file)],
    );
    const finish = async (s: ImportSummary, baselines: unknown) => {
      if (s.status === 'failed')
        await client.query('DELETE FROM human_games WHERE dataset_id = $1', [datasetId]);
      await client.query(
        `UPDATE human_datasets SET status = $2, encoding = $3, games_count = $4, bad_count = $5, bad_reasons = $6,
           replay_check = $7, baselines = $8, finished_at = now() WHERE id = $1`,
        [
          datasetId,
          s.status,
          s.encoding,
          s.loaded,
          s.badCount,
          JSON.stringify(s.badReasons),
          JSON.stringify(s.replay),
          baselines === null ? null : JSON.stringify(baselines),
        ],
      );
      return s;
    };

    let source;
    try {
      source = await openArrayFile(opts.file);
    } catch (err) {
      if (err instanceof FileError) return await finish(summary('failed', err.message), null);
      throw err;
    }
    const every = opts.progressEvery ?? 2000;
    const progress = () =>
      opts.onProgress?.({
        bytesRead: source.bytesRead(),
        totalBytes: source.totalBytes,
        games,
        loaded,
        bad: badCount,
      });
    const copier = new BatchCopier(client, HUMAN_GAMES_COPY, opts.batchSize ?? 5000);
    const baselines = createBaselines();

    try {
      await source.forEach(async (raw) => {
        games++;
        const r = readGame(raw);
        if (r.encoding) encodings.add(r.encoding);
        if (!r.ok) {
          badCount++;
          bad.set(r.reason, (bad.get(r.reason) ?? 0) + 1);
        } else {
          const check = replayCheck(r.game);
          if (check.status === 'not_replayed') replay.notReplayed++;
          else {
            replay.replayed++;
            if (check.status === 'agreed') replay.agreed++;
            else {
              replay.disagreed++;
              const kind = noteKind(check.note);
              replayKinds.set(kind, (replayKinds.get(kind) ?? 0) + 1);
            }
          }
          baselines?.add(r.game);
          loaded++;
          await copier.add(gameRow(datasetId, games, r.game, r.packed, check));
        }
        if (games % every === 0) progress();
      });
      await copier.close();
    } catch (err) {
      await copier.close().catch(() => undefined);
      if (err instanceof FileError) return await finish(summary('failed', err.message), null);
      throw err;
    }
    progress();
    if (games === 0)
      return await finish(summary('failed', `${opts.file} holds no games (an empty array)`), null);
    return await finish(summary('ready'), baselines?.result() ?? null);
  } catch (err) {
    // The database failed under us: leave no half-loaded dataset behind, then report the failure.
    await client.query('DELETE FROM human_games WHERE dataset_id = $1', [datasetId]).catch(() => undefined);
    await client
      .query(`UPDATE human_datasets SET status = 'failed', finished_at = now() WHERE id = $1`, [datasetId])
      .catch(() => undefined);
    throw err;
  } finally {
    await client.end().catch(() => undefined);
  }
}
