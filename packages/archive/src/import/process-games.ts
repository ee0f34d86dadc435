import { newBaselineAccumulator } from '../baselines';
import type { BaselineState } from '../baselines';
import type { BadGameReason } from '../reasons';
import { replayCheck } from '../replay-check';
import type { RuleDifference } from '@coup/archive-format';
import { gameRow } from './copy-rows';
import type { ElementProblem } from './json-array';
import { readGame, type GameEncoding } from './read-game';

// The CPU work of an import for a chunk of raw games: parse each element's JSON, read and check it,
// re-play it, format its COPY row. Runs in worker threads (pool.ts) or in the importing thread; the
// input and the result are plain data either way (elements travel as text: cheap to hand to a thread).

export interface ChunkItem {
  /** The element's JSON text; null when the reader skipped it (see `problem`). */
  text: string | null;
  problem?: ElementProblem;
}

export interface ChunkInput {
  datasetId: string;
  /** Ordinal of the chunk's first game (1-based position in the file). */
  firstOrdinal: number;
  games: ChunkItem[];
  /** Count the good games' human baselines (sent back as counters, merged by the importer). */
  wantBaselines: boolean;
}

export interface ChunkResult {
  rows: string;
  loaded: number;
  bad: [BadGameReason, number][];
  encodings: GameEncoding[];
  agreed: number;
  /** Games whose only differences with our engine are known differences of rules. */
  rulesDiffer: number;
  /** Games per known difference of rules (a game counts once per difference it shows). */
  differences: [RuleDifference, number][];
  disagreed: string[];
  notReplayed: number;
  /** Loaded games with a block whose blocker the record does not tell. */
  unknownBlockerGames: number;
  baselines: BaselineState | null;
}

function parse(item: ChunkItem): { ok: true; raw: unknown } | { ok: false; reason: BadGameReason } {
  if (item.problem || item.text === null) return { ok: false, reason: item.problem ?? 'not_json' };
  try {
    return { ok: true, raw: JSON.parse(item.text) };
  } catch {
    return { ok: false, reason: 'not_json' };
  }
}

export function processChunk(input: ChunkInput): ChunkResult {
  const out: ChunkResult = {
    rows: '',
    loaded: 0,
    bad: [],
    encodings: [],
    agreed: 0,
    rulesDiffer: 0,
    differences: [],
    disagreed: [],
    notReplayed: 0,
    unknownBlockerGames: 0,
    baselines: null,
  };
  const baselines = input.wantBaselines ? newBaselineAccumulator() : null;
  const bad = new Map<BadGameReason, number>();
  const differences = new Map<RuleDifference, number>();
  const encodings = new Set<GameEncoding>();
  const rows: string[] = [];
  input.games.forEach((item, i) => {
    const parsed = parse(item);
    const r = parsed.ok ? readGame(parsed.raw) : { ...parsed, encoding: null };
    if (r.encoding) encodings.add(r.encoding);
    if (!r.ok) {
      bad.set(r.reason, (bad.get(r.reason) ?? 0) + 1);
      return;
    }
    const check = replayCheck(r.game);
    if (check.status === 'agreed') out.agreed++;
    else if (check.status === 'rules_differ') out.rulesDiffer++;
    else if (check.status === 'disagreed') out.disagreed.push(check.note);
    else out.notReplayed++;
    if (check.status === 'rules_differ' || check.status === 'disagreed')
      for (const d of check.differences) differences.set(d, (differences.get(d) ?? 0) + 1);
    if (r.unknownBlockers > 0) out.unknownBlockerGames++;
    rows.push(gameRow(input.datasetId, input.firstOrdinal + i, r.game, r.packed, check));
    baselines?.add(r.game);
    out.loaded++;
  });
  out.rows = rows.join('');
  out.bad = [...bad];
  out.differences = [...differences];
  out.encodings = [...encodings];
  out.baselines = baselines?.state() ?? null;
  return out;
}
