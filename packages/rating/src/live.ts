import { closePeriod } from './close-period.ts';
import type { RatingConfig } from './config.ts';
import { applyPeriod } from './recompute.ts';
import type { RatedMatch, RatingState, Ratings } from './types.ts';

// A live (provisional) rating: what closing the open rating period(s) now would give. Ratings change only
// when a period closes, so a new agent would have none for up to a whole period; the live figure shows the
// Glicko-2 estimate after every ranked match without ever being written as a closed period.

/** A ranked match not rated yet, with the period its finish time falls in. */
export interface PendingMatch extends RatedMatch {
  periodIndex: number;
}

/** One period's worth of pending matches, in the order they are closed. */
export interface PendingPeriod {
  periodIndex: number;
  matches: PendingMatch[];
}

/**
 * The periods the pending matches are closed in, in order, grouped as the worker's closer groups them: the
 * next period is the earliest pending match's, but never one at or before the last closed period (a match
 * whose period was closed before its result arrived is rated in the next period closed), and it takes every
 * pending match of that period or earlier.
 */
export function pendingPeriods(
  pending: readonly PendingMatch[],
  lastClosedIndex: number | null,
): PendingPeriod[] {
  // One sort and one pass (a backlog of 500,000 matches must not cost a filter per period); a period's
  // matches keep their given order.
  const order = new Map(pending.map((m, k) => [m, k]));
  const sorted = [...pending].sort((a, b) => a.periodIndex - b.periodIndex);
  const periods: PendingPeriod[] = [];
  let last = lastClosedIndex ?? -Infinity;
  let i = 0;
  while (i < sorted.length) {
    const p = Math.max(sorted[i]!.periodIndex, last + 1);
    const matches: PendingMatch[] = [];
    while (i < sorted.length && sorted[i]!.periodIndex <= p) matches.push(sorted[i++]!);
    matches.sort((a, b) => order.get(a)! - order.get(b)!);
    periods.push({ periodIndex: p, matches });
    last = p;
  }
  return periods;
}

/**
 * The states of the pending matches' players after closing every pending period now, from `prior` (the
 * stored ratings of at least those players): the same closePeriod calls, in the same order, as the closer
 * will make, so when no more results arrive a player's live rating is exactly its next stored one.
 */
export function liveRatings(
  prior: Ratings,
  lastClosedIndex: number | null,
  pending: readonly PendingMatch[],
  config: Partial<RatingConfig> = {},
): Map<string, RatingState> {
  let ratings: Ratings = prior;
  const live = new Map<string, RatingState>();
  for (const period of pendingPeriods(pending, lastClosedIndex)) {
    const updated = closePeriod(ratings, period.periodIndex, period.matches, config);
    ratings = applyPeriod(ratings, updated);
    for (const [id, state] of updated) live.set(id, state);
  }
  return live;
}
