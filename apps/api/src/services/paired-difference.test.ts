import { describe, expect, it } from 'vitest';
import { pairedDifference } from './paired-difference';

describe('pairedDifference', () => {
  it('gives the t interval of the mean difference', () => {
    // mean 0.7, sd 0.48305, se 0.15275; t(0.975, 9 df) = 2.26216 (tables): 0.7 -+ 0.34555
    const d = pairedDifference([1, 0, 1, 1, 0, 1, 1, 1, 0, 1]);
    expect(d.difference).toBeCloseTo(0.7, 10);
    expect(d.ciLow).toBeCloseTo(0.35445, 4);
    expect(d.ciHigh).toBeCloseTo(1.04555, 4);
    expect(d.significant).toBe(true);
  });

  it('is not significant when the interval holds 0', () => {
    // mean 0, sd 0.89443, se 0.36515; t(0.975, 5 df) = 2.57058 (tables): 0 -+ 0.93864
    const d = pairedDifference([1, -1, 0, 1, -1, 0]);
    expect(d.difference).toBe(0);
    expect(d.ciLow).toBeCloseTo(-0.93864, 4);
    expect(d.ciHigh).toBeCloseTo(0.93864, 4);
    expect(d.significant).toBe(false);
  });

  it('handles no spread, one deal and none', () => {
    expect(pairedDifference([0, 0, 0])).toEqual({ difference: 0, ciLow: 0, ciHigh: 0, significant: false });
    expect(pairedDifference([-1, -1])).toEqual({ difference: -1, ciLow: -1, ciHigh: -1, significant: true });
    expect(pairedDifference([1])).toEqual({ difference: 1, ciLow: null, ciHigh: null, significant: false });
    expect(pairedDifference([])).toEqual({
      difference: null,
      ciLow: null,
      ciHigh: null,
      significant: false,
    });
  });
});
