import glicko2 from 'glicko2';

/** One pairwise result of a multi-seat match: `score` is a's result against b. */
export interface PairwiseResult<T = string> {
  a: T;
  b: T;
  /** 1 when a placed above b, 0.5 when they tied (makeRace always lists the better-placed one first). */
  score: 1 | 0.5;
}

// makeRace reads no instance state, so one shared instance serves every call.
const raceMaker = new glicko2.Glicko2();

/**
 * Decomposes a ranking (places best first, tied entries sharing a place) into every pair, via glicko2's
 * own makeRace so that the pairs fed to the rating update are exactly the package's decomposition.
 * Generic so closePeriod can run it over the package's Player objects as well as over ids.
 */
export function pairwiseResults<T = string>(ranking: readonly (readonly T[])[]): PairwiseResult<T>[] {
  return raceMaker
    .makeRace(ranking)
    .getMatches()
    .map(([a, b, score]) => ({ a, b, score: score === 1 ? 1 : 0.5 }));
}
