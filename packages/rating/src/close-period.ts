import { resolveConfig } from './config.ts';
import type { RatingConfig } from './config.ts';
import { RatingTable } from './rating-table.ts';
import type { RatedMatch, RatingState, Ratings } from './types.ts';

/**
 * Closes one rating period: a single Glicko-2 update over all of the period's matches (rating-table.ts, with
 * glicko2-period.ts: the glicko2 package's arithmetic, bit for bit, over flat arrays).
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
  if (!Number.isSafeInteger(periodIndex))
    throw new RangeError(`periodIndex must be an integer: ${periodIndex}`);
  const cfg = resolveConfig(config);
  const table = new RatingTable(cfg);
  for (const m of matches) {
    for (const place of m.ranking) {
      for (const id of place) {
        const before = prior.get(id);
        if (before) table.set(id, before);
        else table.player(id);
      }
    }
  }
  const updated = new Map<string, RatingState>();
  for (const p of table.close(periodIndex, matches)) {
    updated.set(table.ids[p] as string, table.state(p) as RatingState);
  }
  return updated;
}
