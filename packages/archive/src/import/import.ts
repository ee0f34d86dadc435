import { availableParallelism } from 'node:os';
import { basename } from 'node:path';
import pg from 'pg';
import { newId, ID_PREFIX } from '@coup/db';
import type { BadGameReason } from '../reasons';
import { createBaselines } from './baselines-hook';
import { BatchCopier } from './copier';
import { HUMAN_GAMES_COPY } from './copy-rows';
import { inThread, workerPool } from './pool';
import type { RuleDifference } from '@coup/archive-format';
import type { ChunkItem, ChunkResult } from './process-games';
import type { GameEncoding } from './read-game';
import { DEFAULT_LIMITS, FileError, MissingFileError, openArrayFile, type ArraySource } from './source';

// `coup dataset import`: one file of the public human games archive (any of its three shapes, told apart
// per game; gzipped or not) into a new human dataset. Streams the file, reads and checks each game
// (readGame), re-plays `original` games through our engine (replayCheck), and loads the good ones with
// batched COPY. The dataset is `importing` until the end, then `ready`; a file that is not a JSON array
// (or is cut short, or holds no game that loads) leaves it `failed` with none of its games kept; a file
// that is not there creates no dataset at all. The CLI is a thin shell over this.

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
  /**
   * Worker threads that read, check and re-play games (default: one per core, at most 4: this thread only
   * parses the file and writes to Postgres, light work next to theirs; 0: everything in this thread).
   */
  workers?: number;
  /** Games per chunk handed to a worker (default 500). */
  chunkSize?: number;
  /** Stops the import (e.g. Ctrl-C): the dataset is marked failed and keeps no games. */
  signal?: AbortSignal;
  /** Bytes one game may take in the file (default 4 MiB); a larger one is a bad game (`too_large`). */
  maxGameBytes?: number;
}

export interface ReplaySummary {
  replayed: number;
  /** Re-played the same as the archive. */
  agreed: number;
  /** Parted ways with the archive only where their rules and ours differ (named in `differences`). */
  rulesDiffer: number;
  /** Parted ways where no known difference of rules explains it (see `reasons`). */
  disagreed: number;
  notReplayed: number;
  /** Games per known difference of rules (rule-differences.ts), most frequent first. */
  differences: Partial<Record<RuleDifference, number>>;
  /** Disagreements by kind (the note with its numbers replaced by N), most frequent first. */
  reasons: Record<string, number>;
}

export interface ImportSummary {
  /** Null when no dataset was created (the file is not there). */
  datasetId: string | null;
  name: string;
  status: 'ready' | 'failed';
  /** Why the dataset failed (a file that cannot be read, or no game loaded). */
  error?: string;
  /** What was noticed but not fatal (bytes after the gzip data or after the array). */
  warnings: string[];
  encoding: GameEncoding | 'mixed' | 'unknown';
  games: number;
  loaded: number;
  badCount: number;
  badReasons: Partial<Record<BadGameReason, number>>;
  replay: ReplaySummary;
  /** Loaded games with a block whose blocker the record does not tell (kept as -1). */
  unknownBlockerGames: number;
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
  const bad = new Map<BadGameReason, number>();
  const replayKinds = new Map<string, number>();
  const differences = new Map<string, number>();
  const replay: ReplaySummary = {
    replayed: 0,
    agreed: 0,
    rulesDiffer: 0,
    disagreed: 0,
    notReplayed: 0,
    differences: {},
    reasons: {},
  };
  const warnings: string[] = [];
  let unknownBlockerGames = 0;
  const encodings = new Set<GameEncoding>();
  let games = 0;
  let loaded = 0;
  let badCount = 0;
  const summary = (
    status: 'ready' | 'failed',
    error?: string,
    id: string | null = datasetId,
  ): ImportSummary => ({
    datasetId: id,
    name,
    status,
    ...(error === undefined ? {} : { error }),
    warnings,
    encoding: encodings.size > 1 ? 'mixed' : ([...encodings][0] ?? 'unknown'),
    games,
    loaded,
    badCount,
    badReasons: Object.fromEntries(bad) as Partial<Record<BadGameReason, number>>,
    replay: { ...replay, differences: sorted(differences), reasons: sorted(replayKinds) },
    unknownBlockerGames,
    seconds: (performance.now() - started) / 1000,
  });

  // A file that is not there (or not a file) creates no dataset: nothing to keep a row for.
  let source: ArraySource;
  try {
    source = await openArrayFile(opts.file, {
      ...DEFAULT_LIMITS,
      ...(opts.maxGameBytes === undefined ? {} : { maxElementBytes: opts.maxGameBytes }),
    });
  } catch (err) {
    if (err instanceof MissingFileError) return summary('failed', err.message, null);
    throw err;
  }

  await client.connect();
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
           replay_check = $7, baselines = $8, warnings = $9, finished_at = now() WHERE id = $1`,
        [
          datasetId,
          s.status,
          s.encoding,
          s.loaded,
          s.badCount,
          JSON.stringify(s.badReasons),
          JSON.stringify(s.replay),
          baselines === null ? null : JSON.stringify(baselines),
          s.warnings,
        ],
      );
      return s;
    };

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
    const workers = opts.workers ?? Math.min(4, availableParallelism());
    const runner = workers > 0 ? await workerPool(workers).catch(() => inThread()) : inThread();
    const chunkSize = opts.chunkSize ?? 500;
    const inFlight: Promise<ChunkResult>[] = [];
    let chunk: ChunkItem[] = [];
    let chunkStart = 1;
    let lastProgress = 0;

    const settle = async (r: ChunkResult) => {
      loaded += r.loaded;
      for (const [reason, n] of r.bad) {
        badCount += n;
        bad.set(reason, (bad.get(reason) ?? 0) + n);
      }
      r.encodings.forEach((e) => encodings.add(e));
      replay.agreed += r.agreed;
      replay.rulesDiffer += r.rulesDiffer;
      replay.disagreed += r.disagreed.length;
      replay.replayed += r.agreed + r.rulesDiffer + r.disagreed.length;
      replay.notReplayed += r.notReplayed;
      unknownBlockerGames += r.unknownBlockerGames;
      for (const [d, n] of r.differences) differences.set(d, (differences.get(d) ?? 0) + n);
      for (const note of r.disagreed)
        replayKinds.set(noteKind(note), (replayKinds.get(noteKind(note)) ?? 0) + 1);
      if (r.baselines) baselines.merge(r.baselines);
      if (r.loaded > 0) await copier.add(r.rows, r.loaded);
      if (games - lastProgress >= every) {
        lastProgress = games;
        progress();
      }
    };
    const submit = async () => {
      if (chunk.length === 0) return;
      inFlight.push(runner.run({ datasetId, firstOrdinal: chunkStart, games: chunk, wantBaselines: true }));
      chunk = [];
      chunkStart = games + 1;
      // Backpressure: at most two chunks per worker wait, so memory stays flat.
      while (inFlight.length > Math.max(2, 2 * workers)) await settle(await inFlight.shift()!);
    };

    try {
      const read = await source.forEach(async (el) => {
        if (opts.signal?.aborted) throw new FileError('the import was interrupted');
        games++;
        chunk.push(el.problem ? { text: null, problem: el.problem } : { text: el.text });
        if (chunk.length >= chunkSize) await submit();
      });
      warnings.push(...read.warnings);
      await submit();
      while (inFlight.length > 0) await settle(await inFlight.shift()!);
      if (opts.signal?.aborted) throw new FileError('the import was interrupted');
      await copier.close();
    } catch (err) {
      await Promise.allSettled(inFlight);
      await copier.close().catch(() => undefined);
      if (err instanceof FileError) return await finish(summary('failed', err.message), null);
      throw err;
    } finally {
      await runner.close();
    }
    progress();
    if (games === 0)
      return await finish(summary('failed', `${opts.file} holds no games (an empty array)`), null);
    // A dataset of no games is no dataset: not `ready` (its bad games stay counted on the failed row).
    if (loaded === 0)
      return await finish(
        summary(
          'failed',
          `none of the ${games} games of ${opts.file} could be loaded (all bad: see bad_reasons)`,
        ),
        null,
      );
    return await finish(summary('ready'), baselines.result());
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
