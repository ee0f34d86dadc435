import { recompute } from './recompute.ts';
import type { RatingConfig } from './config.ts';
import type { LoggedMatch, RatingState } from './types.ts';

/** A rating as stored, with the agent it belongs to (a stored row may not have a rated period yet). */
export interface StoredRating extends Omit<RatingState, 'lastPeriodIndex'> {
  agentId: string;
  lastPeriodIndex: number | null;
}

export interface RecomputeReport {
  matches: number;
  agents: number;
  /** Agents whose stored rating, RD, volatility, games or wins differ from the recomputed ones. */
  mismatches: { agentId: string; stored: unknown; recomputed: unknown }[];
  identical: boolean;
}

/**
 * Recomputes every rating from the match log alone and compares it with the stored ratings, exactly (bit
 * for bit): the operator's proof that the incremental rating periods never drifted from the log.
 */
export function compareWithRecompute(
  log: readonly LoggedMatch[],
  stored: readonly StoredRating[],
  config: Partial<RatingConfig> = {},
): RecomputeReport {
  return compareRatings(recompute(log, config).ratings, stored, log.length);
}

/** Compares recomputed ratings (recompute, recomputeSorted, RecomputeFold) with the stored ones, exactly. */
export function compareRatings(
  ratings: ReadonlyMap<string, RatingState>,
  stored: readonly StoredRating[],
  matches: number,
): RecomputeReport {
  const mismatches: RecomputeReport['mismatches'] = [];
  const seen = new Set<string>();
  for (const s of stored) {
    seen.add(s.agentId);
    const r = ratings.get(s.agentId);
    const same =
      r !== undefined &&
      r.rating === s.rating &&
      r.rd === s.rd &&
      r.vol === s.vol &&
      r.games === s.games &&
      r.wins === s.wins &&
      r.lastPeriodIndex === s.lastPeriodIndex;
    if (!same) mismatches.push({ agentId: s.agentId, stored: s, recomputed: r ?? null });
  }
  for (const [agentId, r] of ratings) {
    if (!seen.has(agentId)) mismatches.push({ agentId, stored: null, recomputed: r });
  }
  return { matches, agents: ratings.size, mismatches, identical: mismatches.length === 0 };
}
