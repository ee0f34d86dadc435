import pg from 'pg';
import type { DecodedGame } from '@coup/archive-format';
import { openArrayFile } from '../import/source';
import { readGame } from '../import/read-game';
import type { BadGameReason } from '../reasons';
import { unpackEvents } from '../unpack';

// The games a `people` fit reads: a human dataset's, from the platform's database (as `coup dataset
// import` stored them), or an archive file's (any of its shapes, read and checked as the import does).
// Both hand the games over one at a time, so a fit streams.

export interface GamesRead {
  /** Games handed over. */
  games: number;
  /** Games skipped, by reason (a file's bad games; a stored game that no longer reads; a disagreeing one). */
  skipped: Partial<Record<BadGameReason | 'unreadable' | 'disagreed', number>>;
  warnings: string[];
}

const skip = (r: GamesRead, why: keyof GamesRead['skipped']) => {
  r.skipped[why] = (r.skipped[why] ?? 0) + 1;
};

/** Each good game of an archive file; a MissingFileError or FileError when the file cannot be read. */
export async function readFileGames(file: string, onGame: (g: DecodedGame) => void): Promise<GamesRead> {
  const src = await openArrayFile(file);
  const out: GamesRead = { games: 0, skipped: {}, warnings: [] };
  const { warnings } = await src.forEach((el) => {
    if (el.text === null) return skip(out, el.problem ?? 'not_json');
    let raw: unknown;
    try {
      raw = JSON.parse(el.text);
    } catch {
      return skip(out, 'not_json');
    }
    const r = readGame(raw);
    if (!r.ok) return skip(out, r.reason);
    out.games++;
    onGame(r.game);
  });
  out.warnings = warnings;
  return out;
}

/** A dataset the database holds, found by id or by name. */
export interface StoredDataset {
  id: string;
  name: string;
  status: string;
  games: number;
}

/** A dataset that cannot be fitted: not there, its name ambiguous, or not ready. */
export class DatasetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatasetError';
  }
}

async function findDataset(client: pg.Client, ref: string): Promise<StoredDataset> {
  const { rows } = await client.query<{ id: string; name: string; status: string; games_count: number }>(
    'SELECT id, name, status, games_count FROM human_datasets WHERE id = $1 OR name = $1 ORDER BY created_at DESC',
    [ref],
  );
  const byId = rows.find((r) => r.id === ref);
  const ready = rows.filter((r) => r.status === 'ready');
  const row = byId ?? (ready.length === 1 ? ready[0] : undefined);
  if (!row) {
    if (rows.length === 0) throw new DatasetError(`no dataset "${ref}" (give a dataset id or name)`);
    if (ready.length === 0)
      throw new DatasetError(
        `dataset "${ref}" is not ready (${rows.map((r) => `${r.id}: ${r.status}`).join(', ')})`,
      );
    throw new DatasetError(
      `${ready.length} ready datasets are named "${ref}": give one of their ids (${ready.map((r) => r.id).join(', ')})`,
    );
  }
  if (row.status !== 'ready')
    throw new DatasetError(`dataset ${row.id} (${row.name}) is ${row.status}, not ready`);
  return { id: row.id, name: row.name, status: row.status, games: row.games_count };
}

interface GameRow {
  ordinal: number;
  game_id: string;
  game_type: string;
  player_count: number;
  player_ids: string[];
  winner: number;
  player_rank: number[];
  events: Buffer;
  replay_status: string;
}

/**
 * Each game of a ready dataset, in file order, read a page at a time. A game whose re-play disagreed with
 * our engine (a record that contradicts itself) is skipped, as is one whose stored events no longer read.
 */
export async function readDatasetGames(
  databaseUrl: string,
  ref: string,
  onGame: (g: DecodedGame) => void,
  opts: { page?: number; onDataset?: (d: StoredDataset) => void } = {},
): Promise<GamesRead & { dataset: StoredDataset }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const dataset = await findDataset(client, ref);
    opts.onDataset?.(dataset);
    const out = { games: 0, skipped: {}, warnings: [], dataset } as GamesRead & { dataset: StoredDataset };
    let after = 0;
    for (;;) {
      const { rows } = await client.query<GameRow>(
        `SELECT ordinal, game_id, game_type, player_count, player_ids, winner, player_rank, events, replay_status
           FROM human_games WHERE dataset_id = $1 AND ordinal > $2 ORDER BY ordinal LIMIT $3`,
        [dataset.id, after, opts.page ?? 2000],
      );
      if (rows.length === 0) break;
      for (const r of rows) {
        after = r.ordinal;
        if (r.replay_status === 'disagreed') {
          skip(out, 'disagreed');
          continue;
        }
        const gameType = r.game_type === 'inquisitors' ? 'inquisitors' : 'original';
        const events = unpackEvents(r.events, r.player_count, gameType);
        if (!events.ok) {
          skip(out, 'unreadable');
          continue;
        }
        out.games++;
        onGame({
          gameId: r.game_id,
          gameType,
          playerCount: r.player_count,
          // A seat whose id the record lost is stored as "": a person who left (docs/ARCHIVE.md).
          playerIds: r.player_ids.map((id) => (id === '' ? null : id)),
          winner: r.winner,
          playerRank: r.player_rank,
          events: events.events,
        });
      }
    }
    return out;
  } finally {
    await client.end();
  }
}
