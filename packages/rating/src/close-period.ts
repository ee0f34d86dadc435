import { resolveConfig } from './config.ts';
import type { RatingConfig } from './config.ts';
import { RatingTable } from './rating-table.ts';
import type { RatedMatch, RatingState, Ratings } from './types.ts';

/**
 * Closes one rating period: a single Glicko-2 update over all of the period's matches (rating-table.ts, with
 * glicko2-period.ts: the glicko2 package's arithmetic, bit for bit, into per-player sums).
 *
 * - `prior` must hold the current state of (at least) every player of the period; players missing from it
 *   are new and start at the configured defaults.
 * - Returns the new state of the period's players only; players who did not play are untouched here (their
 *   idle RD growth is applied lazily, when they next play, from `lastPeriodIndex`).
 * - Deterministic regardless of the order of `matches`: matches are processed by id, tied ids sorted, and
 *   players created in id order, so identical inputs always run the same float operations in the same order.
 * - Throws if a player was already rated in this or a later period, which turns a double close of the same
 *   period (e.g. by two workers) into an error instead of a silent second update.
 */
export function closePeriod(
  prior: Ratings,
  periodIndex: number,
  matches: readonly RatedMatch[],
  config: Partial<RatingConfig> = {},
): Map<string, RatingState> {
  const fold = new PeriodFold(periodIndex, config);
  fold.add(matches, prior);
  return fold.finish();
}

/**
 * closePeriod a batch of matches at a time, for a period too large to hold (a bulk load of late results,
 * read from the database in pages): the same result bit for bit, in memory per player of the period. The
 * batches must come in id order (each one's ids after every id of the ones before: keyset pages in
 * code-unit order, COLLATE "C"); a batch that is refused throws and the fold is over.
 */
export class PeriodFold {
  private readonly table: RatingTable;

  constructor(periodIndex: number, config: Partial<RatingConfig> = {}) {
    this.table = new RatingTable(resolveConfig(config));
    this.table.beginPeriod(periodIndex);
  }

  /** Whether an earlier batch had this player (its state from before the period is taken). */
  has(id: string): boolean {
    return this.table.has(id);
  }

  /** Adds a batch; `prior` holds the state before the period of (at least) its players not seen before. */
  add(matches: readonly RatedMatch[], prior: Ratings): void {
    const { table } = this;
    for (const m of matches) {
      for (const place of m.ranking) {
        for (const id of place) {
          if (table.has(id)) continue;
          const before = prior.get(id);
          if (before) table.set(id, before);
          else table.player(id);
        }
      }
    }
    table.addMatches(matches);
  }

  /** The new state of the period's players (the others are untouched: their idle RD grows when they play). */
  finish(): Map<string, RatingState> {
    const { table } = this;
    const updated = new Map<string, RatingState>();
    for (const p of table.endPeriod()) updated.set(table.ids[p] as string, table.state(p) as RatingState);
    return updated;
  }
}
