import { describe, expect, it } from 'vitest';
import { chunkTables, planTables } from './tables';

describe('planTables', () => {
  it('uses ceil(n / seats) tables of sizes differing by at most one, never a table of one', () => {
    for (let seats = 2; seats <= 6; seats++) {
      for (let n = 2; n <= 60; n++) {
        const { sizes, byes } = planTables(n, seats);
        const where = `n=${n} seats=${seats}`;
        expect(sizes.reduce((a, b) => a + b, 0) + byes, where).toBe(n);
        expect(Math.min(...sizes), where).toBeGreaterThanOrEqual(2);
        expect(Math.max(...sizes), where).toBeLessThanOrEqual(seats);
        expect(Math.max(...sizes) - Math.min(...sizes), where).toBeLessThanOrEqual(1);
        // Largest tables first.
        expect(
          [...sizes].sort((a, b) => b - a),
          where,
        ).toEqual(sizes);
        // Only heads-up with an odd count leaves someone out: the table of one is a bye.
        const bye = seats === 2 && n % 2 === 1 ? 1 : 0;
        expect(byes, where).toBe(bye);
        expect(sizes.length + bye, where).toBe(Math.ceil(n / seats));
      }
    }
  });

  it('examples', () => {
    expect(planTables(10, 4)).toEqual({ sizes: [4, 3, 3], byes: 0 });
    expect(planTables(7, 6)).toEqual({ sizes: [4, 3], byes: 0 });
    expect(planTables(5, 2)).toEqual({ sizes: [2, 2], byes: 1 });
    expect(planTables(1, 4)).toEqual({ sizes: [], byes: 1 });
    expect(planTables(0, 4)).toEqual({ sizes: [], byes: 0 });
    expect(() => planTables(4, 1)).toThrow(/seatsPerMatch/);
  });

  it('chunkTables cuts in order', () => {
    expect(chunkTables([1, 2, 3, 4, 5, 6, 7], [3, 2, 2])).toEqual([
      [1, 2, 3],
      [4, 5],
      [6, 7],
    ]);
  });
});
