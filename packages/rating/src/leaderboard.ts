import type { RatingState } from './types.ts';

/** RD above which a rating is still provisional (the leaderboard marks such agents). */
export const PROVISIONAL_RD = 110;

/** A lower bound (about 95 %) on the true rating: the leaderboard orders by it so luck on few games cannot top it. */
export function conservativeRating(r: Pick<RatingState, 'rating' | 'rd'>): number {
  return r.rating - 2 * r.rd;
}

export function isProvisional(r: Pick<RatingState, 'rd'>): boolean {
  return r.rd > PROVISIONAL_RD;
}
