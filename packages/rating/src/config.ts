/** Tunables of the ladder. All ratings are on the Glicko-1 display scale (1500 / 350). */
export interface RatingConfig {
  /** Rating of a new player. */
  rating: number;
  /** RD of a new player; also the cap for idle RD growth and for any RD. */
  rd: number;
  /** Volatility of a new player. */
  vol: number;
  /** Glicko-2 system constant constraining volatility change. */
  tau: number;
  /** Length of a rating period in milliseconds. */
  periodMs: number;
  /** Start of period 0 (ms since the Unix epoch). */
  epochMs: number;
}

export const DEFAULT_RATING_CONFIG: Readonly<RatingConfig> = Object.freeze({
  rating: 1500,
  rd: 350,
  vol: 0.06,
  tau: 0.5,
  periodMs: 10 * 60 * 1000,
  epochMs: 0,
});

/**
 * Fills in defaults and rejects values the math cannot use. The glicko2 package silently replaces
 * falsy settings with its own defaults, so a zero would otherwise be ignored rather than reported.
 */
export function resolveConfig(config: Partial<RatingConfig> = {}): RatingConfig {
  const resolved: RatingConfig = { ...DEFAULT_RATING_CONFIG, ...definedOnly(config) };
  const positive: (keyof RatingConfig)[] = ['rd', 'vol', 'tau', 'periodMs'];
  for (const key of positive) {
    if (!(Number.isFinite(resolved[key]) && resolved[key] > 0)) {
      throw new RangeError(`rating config: ${key} must be a positive finite number, got ${resolved[key]}`);
    }
  }
  for (const key of ['rating', 'epochMs'] as const) {
    if (!Number.isFinite(resolved[key])) {
      throw new RangeError(`rating config: ${key} must be a finite number, got ${resolved[key]}`);
    }
  }
  return resolved;
}

// `{ rd: undefined }` must not erase the default when spread.
function definedOnly(config: Partial<RatingConfig>): Partial<RatingConfig> {
  return Object.fromEntries(Object.entries(config).filter(([, v]) => v !== undefined));
}
