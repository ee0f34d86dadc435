import { newBaselineAccumulator } from '../baselines';
import type { BaselineState } from '../baselines';
import type { BadGameReason } from '../reasons';
import { replayCheck } from '../replay-check';
import { gameRow } from './copy-rows';
import { readGame, type GameEncoding } from './read-game';

// The CPU work of an import for a chunk of raw games: read and check each, re-play it, format its COPY row.
// Runs in worker threads (pool.ts) or in the importing thread; the result is plain data either way.

export interface ChunkInput {
  datasetId: string;
  /** Ordinal of the chunk's first game (1-based position in the file). */
  firstOrdinal: number;
  games: unknown[];
  /** Count the good games' human baselines (sent back as counters, merged by the importer). */
  wantBaselines: boolean;
}

export interface ChunkResult {
  rows: string;
  loaded: number;
  bad: [BadGameReason, number][];
  encodings: GameEncoding[];
  agreed: number;
  disagreed: string[];
  notReplayed: number;
  baselines: BaselineState | null;
}

export function processChunk(input: ChunkInput): ChunkResult {
  const out: ChunkResult = {
    rows: '',
    loaded: 0,
    bad: [],
    encodings: [],
    agreed: 0,
    disagreed: [],
    notReplayed: 0,
    baselines: null,
  };
  const baselines = input.wantBaselines ? newBaselineAccumulator() : null;
  const bad = new Map<BadGameReason, number>();
  const encodings = new Set<GameEncoding>();
  const rows: string[] = [];
  input.games.forEach((raw, i) => {
    const r = readGame(raw);
    if (r.encoding) encodings.add(r.encoding);
    if (!r.ok) {
      bad.set(r.reason, (bad.get(r.reason) ?? 0) + 1);
      return;
    }
    const check = replayCheck(r.game);
    if (check.status === 'agreed') out.agreed++;
    else if (check.status === 'disagreed') out.disagreed.push(check.note);
    else out.notReplayed++;
    rows.push(gameRow(input.datasetId, input.firstOrdinal + i, r.game, r.packed, check));
    baselines?.add(r.game);
    out.loaded++;
  });
  out.rows = rows.join('');
  out.bad = [...bad];
  out.encodings = [...encodings];
  out.baselines = baselines?.state() ?? null;
  return out;
}
