import { closePeriod } from './close-period.ts';
import { resolveConfig } from './config.ts';
import type { RatingConfig } from './config.ts';
import { periodIndexOf } from './period.ts';
import { compareIds } from './ranking.ts';
import type { LoggedMatch, RatedMatch, RatingState, Ratings } from './types.ts';

/** The new states of the players rated in one period. */
export interface PeriodRatings {
  periodIndex: number;
  ratings: ReadonlyMap<string, RatingState>;
}

export interface RecomputeResult {
  /** Every rated player's state after the last period of the log. */
  ratings: Map<string, RatingState>;
  /** One entry per period that had matches, in period order. */
  history: PeriodRatings[];
}

/**
 * Ratings as a pure fold over the match log: sort by (finishedAt, id), group by period, and close each
 * period with the very same closePeriod an incremental worker uses, so the numbers match bit for bit.
 * The caller passes only matches of periods that are over; an open period must not be folded in yet.
 */
export function recompute(
  matchLog: readonly LoggedMatch[],
  config: Partial<RatingConfig> = {},
): RecomputeResult {
  const cfg = resolveConfig(config);
  const sorted = [...matchLog].sort((a, b) => a.finishedAt - b.finishedAt || compareIds(a.id, b.id));
  const ratings = new Map<string, RatingState>();
  const history: PeriodRatings[] = [];
  let start = 0;
  while (start < sorted.length) {
    const first = sorted[start];
    if (!first) break;
    const periodIndex = periodIndexOf(first.finishedAt, cfg.periodMs, cfg.epochMs);
    let end = start + 1;
    while (end < sorted.length && periodOf(sorted[end], cfg) === periodIndex) end++;
    const updates = closePeriod(ratings, periodIndex, toRatedMatches(sorted, start, end), cfg);
    for (const [id, state] of updates) ratings.set(id, state);
    history.push({ periodIndex, ratings: updates });
    start = end;
  }
  return { ratings, history };
}

/** What an incremental caller stores after closePeriod: the prior states overlaid with the period's. */
export function applyPeriod(prior: Ratings, updates: Ratings): Map<string, RatingState> {
  const next = new Map(prior);
  for (const [id, state] of updates) next.set(id, state);
  return next;
}

function periodOf(match: LoggedMatch | undefined, cfg: RatingConfig): number | undefined {
  return match && periodIndexOf(match.finishedAt, cfg.periodMs, cfg.epochMs);
}

function toRatedMatches(sorted: readonly LoggedMatch[], start: number, end: number): RatedMatch[] {
  const out: RatedMatch[] = [];
  for (let i = start; i < end; i++) {
    const m = sorted[i];
    if (m) out.push({ id: m.id, ranking: m.ranking });
  }
  return out;
}
