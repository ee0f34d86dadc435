import jStat from 'jstat';

// A paired comparison: each deal gives one difference (a prompt's result minus the baseline's on the same
// cards, seats and opponents), and the mean difference gets a Student's t confidence interval over the
// deals. Pairing by deal removes the luck of the deal from the comparison, which is why duplicate matches
// need far fewer deals than independent ones to tell two prompts apart.

export const CONFIDENCE = 0.95;

export interface Difference {
  /** Mean of the differences; null without any. */
  difference: number | null;
  /** The interval; null with fewer than 2 differences (no spread to estimate). */
  ciLow: number | null;
  ciHigh: number | null;
  /** The interval excludes 0. */
  significant: boolean;
}

export function pairedDifference(diffs: readonly number[], confidence = CONFIDENCE): Difference {
  const n = diffs.length;
  if (n === 0) return { difference: null, ciLow: null, ciHigh: null, significant: false };
  const mean = diffs.reduce((a, b) => a + b, 0) / n;
  if (n < 2) return { difference: mean, ciLow: null, ciHigh: null, significant: false };
  const variance = diffs.reduce((a, d) => a + (d - mean) ** 2, 0) / (n - 1);
  const half = jStat.studentt.inv(1 - (1 - confidence) / 2, n - 1) * Math.sqrt(variance / n);
  const ciLow = mean - half;
  const ciHigh = mean + half;
  // Identical differences (no spread) give a zero-width interval: significant only away from 0.
  return { difference: mean, ciLow, ciHigh, significant: ciLow > 0 || ciHigh < 0 };
}
