import { describe, expect, it } from 'vitest';
import { conservativeRating, isProvisional } from './leaderboard.ts';

describe('leaderboard helpers', () => {
  it('conservative rating is rating - 2 RD', () => {
    expect(conservativeRating({ rating: 1500, rd: 350 })).toBe(800);
    expect(conservativeRating({ rating: 1800, rd: 50 })).toBe(1700);
  });

  it('provisional means RD above 110', () => {
    expect(isProvisional({ rd: 110.01 })).toBe(true);
    expect(isProvisional({ rd: 110 })).toBe(false);
  });
});
