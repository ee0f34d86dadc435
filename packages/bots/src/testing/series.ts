import type { RulesetId } from '@coup/engine';
import { createBot } from '../index';
import { FAST_BOT_KINDS } from '../types';
import type { BotKind } from '../types';
import { playMatch } from './match';

// Many matches between the built-in bots: mixed table sizes, every seat rotation, one seed for all.

export interface KindStats {
  /** Seats played (a bot kind may hold several seats of one match). */
  seats: number;
  /** Wins; a shared first place (turn cap) counts as a fraction. */
  wins: number;
  /** Sum of 1-based places. */
  placeSum: number;
  /** Sum of (place - 1) / (seats - 1): 0 is first, 1 is last, comparable across table sizes. */
  normPlaceSum: number;
  /** Wins expected from an even share (1/n per seat). */
  fairWins: number;
}

export interface SeriesResult {
  games: number;
  decisions: number;
  /** Per table size, then per kind. */
  bySize: Map<number, Map<BotKind, KindStats>>;
  overall: Map<BotKind, KindStats>;
}

const blank = (): KindStats => ({ seats: 0, wins: 0, placeSum: 0, normPlaceSum: 0, fairWins: 0 });

/** Seat assignments for a table size: each base lineup in every rotation, so no kind keeps a seat. */
export function lineups(size: number): BotKind[][] {
  const [a, b, c] = ['heuristic', 'honest', 'random'] as const;
  const bases: BotKind[][] =
    size === 2
      ? [
          [a, b],
          [a, c],
          [b, c],
        ]
      : size === 3
        ? [
            [a, b, c],
            [a, c, b],
          ]
        : FAST_BOT_KINDS.map((x) => [a, b, c, x, ...new Array<BotKind>(Math.max(0, size - 4)).fill(x)]);
  const out: BotKind[][] = [];
  for (const base of bases)
    for (let r = 0; r < base.length; r++) out.push([...base.slice(r), ...base.slice(0, r)]);
  return out;
}

export interface SeriesOptions {
  games: number;
  seed: string;
  sizes?: number[];
  /** Seat assignments per table size (default: `lineups`). */
  lineups?: (size: number) => BotKind[][];
  onGame?: (done: number) => void;
  /** The game every match plays (default `original`). */
  ruleset?: RulesetId;
}

export function runSeries(opts: SeriesOptions): SeriesResult {
  const sizes = opts.sizes ?? [2, 3, 4];
  const bySize = new Map<number, Map<BotKind, KindStats>>();
  const overall = new Map<BotKind, KindStats>();
  const tables = new Map(sizes.map((s) => [s, (opts.lineups ?? lineups)(s)]));
  const counters = new Map<number, number>();
  let decisions = 0;
  for (let g = 0; g < opts.games; g++) {
    const size = sizes[g % sizes.length] as number;
    const k = counters.get(size) ?? 0;
    counters.set(size, k + 1);
    const all = tables.get(size) as BotKind[][];
    const kinds = all[k % all.length] as BotKind[];
    const seed = `${opts.seed}:${g}`;
    const bots = kinds.map((kind, seat) => createBot(kind, { seed: `${seed}:${seat}` }));
    const result = playMatch(bots, {
      seed,
      matchId: `bench_${g}`,
      ...(opts.ruleset ? { ruleset: opts.ruleset } : {}),
    });
    decisions += result.decisions;
    const stats = bySize.get(size) ?? new Map<BotKind, KindStats>();
    bySize.set(size, stats);
    let place = 1;
    for (const group of result.ranking) {
      for (const seat of group) {
        const kind = kinds[seat] as BotKind;
        for (const m of [stats, overall]) {
          const s = m.get(kind) ?? blank();
          m.set(kind, s);
          s.seats++;
          s.placeSum += place;
          s.normPlaceSum += (place - 1) / (size - 1);
          s.fairWins += 1 / size;
          if (place === 1) s.wins += 1 / group.length;
        }
      }
      place += group.length;
    }
    opts.onGame?.(g + 1);
  }
  return { games: opts.games, decisions, bySize, overall };
}

export const winRate = (s: KindStats): number => (s.seats ? s.wins / s.seats : 0);
export const meanPlace = (s: KindStats): number => (s.seats ? s.placeSum / s.seats : 0);
export const meanNormPlace = (s: KindStats): number => (s.seats ? s.normPlaceSum / s.seats : 0);
