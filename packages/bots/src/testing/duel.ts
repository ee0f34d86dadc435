import { createBot } from '../index';
import { SEARCH_LEVELS, searchBot } from '../search/index';
import type { Bot, BotKind } from '../types';
import { playMatch } from './match';

// Duplicate play between two kinds of bot, for the strength table (bench/strength-table.bench.ts): each
// deal is played in every seat arrangement (heads-up: A B then B A; four seats: A B A B then B A B A),
// so neither kind keeps the first seat or a good hand, and the deal's luck cancels out.

export interface DuelGame {
  /** The deal's index (its games share the deal and the first seat). */
  deal: number;
  kinds: BotKind[];
  /** Places best first, by seat. */
  ranking: number[][];
  /** A's share of the win: 1 when an A seat won alone, split when tied with B. */
  aWin: number;
}

export function seatings(a: BotKind, b: BotKind, seats: 2 | 4): BotKind[][] {
  return seats === 2
    ? [
        [a, b],
        [b, a],
      ]
    : [
        [a, b, a, b],
        [b, a, b, a],
      ];
}

/** A's share of the win in one finished game. */
export function winShare(
  kinds: readonly BotKind[],
  ranking: readonly (readonly number[])[],
  a: BotKind,
): number {
  const first = ranking[0] ?? [];
  if (first.length === 0) return 0.5;
  let mine = 0;
  for (const seat of first) if (kinds[seat] === a) mine++;
  return mine / first.length;
}

/**
 * A bot for the table: the search levels at their playout budgets without their wall-clock caps, so that a
 * loaded machine does not weaken them (the caps exist for deadlines; the table measures the levels).
 */
export function tableBot(kind: BotKind, seed: string): Bot {
  const level = /^search-([123])$/.exec(kind)?.[1];
  if (!level) return createBot(kind, { seed });
  const playouts = SEARCH_LEVELS[Number(level) as 1 | 2 | 3].playouts;
  return searchBot({ seed, name: kind, budget: { playouts, ms: Number.POSITIVE_INFINITY } });
}

/** Plays `deals` deals of A against B at `seats` seats, every seating of each deal. */
export function duel(
  a: BotKind,
  b: BotKind,
  seats: 2 | 4,
  deals: number,
  seed: string,
  onGame?: (g: DuelGame) => void,
): DuelGame[] {
  const out: DuelGame[] = [];
  for (let deal = 0; deal < deals; deal++) {
    const dealSeed = `${seed}:${a}-${b}:${seats}:${deal}`;
    for (const kinds of seatings(a, b, seats)) {
      // A bot's seed follows its kind and copy, not its seat: the same player in both arrangements.
      const copies = new Map<BotKind, number>();
      const bots = kinds.map((k) => {
        const n = (copies.get(k) ?? 0) + 1;
        copies.set(k, n);
        return tableBot(k, `${dealSeed}:${k}:${n}`);
      });
      const r = playMatch(bots, { seed: dealSeed, matchId: `duel_${dealSeed}` });
      const g = { deal, kinds, ranking: r.ranking, aWin: winShare(kinds, r.ranking, a) };
      out.push(g);
      onGame?.(g);
    }
  }
  return out;
}

/** Wilson's 95% interval for a proportion of `wins` out of `n`. */
export function wilson(wins: number, n: number, z = 1.96): [number, number] {
  if (n === 0) return [0, 1];
  const p = wins / n;
  const denom = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / denom;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** The kinds of a game, best first (each kind at its best seat's place): a ranking for the ratings. */
export function kindRanking(kinds: readonly BotKind[], ranking: readonly (readonly number[])[]): BotKind[][] {
  const seen = new Set<BotKind>();
  const out: BotKind[][] = [];
  for (const place of ranking) {
    const group: BotKind[] = [];
    for (const seat of place) {
      const k = kinds[seat] as BotKind;
      if (!seen.has(k)) {
        seen.add(k);
        group.push(k);
      }
    }
    if (group.length > 0) out.push(group);
  }
  return out;
}
