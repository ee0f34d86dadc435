import type { RatingConfig } from './config.ts';
import type { RatingState } from './types.ts';

/** Glicko-2 scale factor (400 / ln 10), the same constant the glicko2 package uses. */
export const GLICKO2_SCALE = 173.7178;

/**
 * RD after `idlePeriods` whole rating periods without games: on the Glicko-2 scale
 * phi' = sqrt(phi^2 + k * sigma^2), i.e. step 6 of the algorithm applied once per idle period, then capped
 * at `maxRd` so a long absence makes a player no less certain than a new one.
 * With no idle period the RD is returned untouched (not round-tripped through the scale) so active players'
 * numbers never pick up rounding noise.
 */
export function idleRd(rd: number, vol: number, idlePeriods: number, maxRd: number): number {
  if (idlePeriods <= 0) return rd;
  const phi = rd / GLICKO2_SCALE;
  const grown = Math.sqrt(phi * phi + idlePeriods * vol * vol) * GLICKO2_SCALE;
  return Math.min(grown, maxRd);
}

/** Whole periods strictly between the last rated period and `periodIndex`. */
export function idlePeriodsBefore(state: Pick<RatingState, 'lastPeriodIndex'>, periodIndex: number): number {
  return Math.max(0, periodIndex - state.lastPeriodIndex - 1);
}

/**
 * The RD a player carries into period `periodIndex` (e.g. the current, still open one): what a
 * leaderboard should show so that inactive agents drift back towards provisional.
 */
export function rdEnteringPeriod(
  state: Pick<RatingState, 'rd' | 'vol' | 'lastPeriodIndex'>,
  periodIndex: number,
  config: Pick<RatingConfig, 'rd'>,
): number {
  return idleRd(state.rd, state.vol, idlePeriodsBefore(state, periodIndex), config.rd);
}
