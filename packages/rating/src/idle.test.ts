import glicko2 from 'glicko2';
import { describe, expect, it } from 'vitest';
import { closePeriod } from './close-period.ts';
import { GLICKO2_SCALE, idleRd, rdEnteringPeriod } from './idle.ts';

describe('idle RD growth', () => {
  it('is sqrt(phi^2 + k sigma^2) on the Glicko-2 scale', () => {
    // phi = 100 / 173.7178 = 0.575646; phi^2 + 3 * 0.06^2 = 0.342169; sqrt * 173.7178 = 101.617
    expect(idleRd(100, 0.06, 3, 350)).toBeCloseTo(101.617, 3);
    const phi = 50 / GLICKO2_SCALE;
    expect(idleRd(50, 0.09, 7, 350)).toBe(Math.sqrt(phi * phi + 7 * 0.09 * 0.09) * GLICKO2_SCALE);
  });

  it('leaves the RD untouched (bit for bit) without a whole idle period', () => {
    expect(idleRd(123.456789, 0.06, 0, 350)).toBe(123.456789);
  });

  it('grows with idle time and is capped at the starting RD', () => {
    const grown = [1, 10, 100, 1000].map((k) => idleRd(60, 0.06, k, 350));
    expect(grown).toEqual([...grown].sort((a, b) => a - b));
    expect(idleRd(60, 0.06, 100_000, 350)).toBe(350);
    expect(idleRd(300, 0.06, 1000, 320)).toBe(320);
  });

  it('counts only whole periods between the last rated one and the next', () => {
    const s = { rd: 80, vol: 0.06, lastPeriodIndex: 10 };
    expect(rdEnteringPeriod(s, 11, { rd: 350 })).toBe(80);
    expect(rdEnteringPeriod(s, 15, { rd: 350 })).toBe(idleRd(80, 0.06, 4, 350));
  });

  it('is applied by closePeriod before the update', () => {
    const x = { rating: 1620, rd: 100, vol: 0.06, lastPeriodIndex: 2, games: 5, wins: 3 };
    const out = closePeriod(new Map([['x', x]]), 6, [{ id: 'm', ranking: [['y'], ['x']] }]);

    const system = new glicko2.Glicko2({ tau: 0.5, rating: 1500, rd: 350, vol: 0.06 });
    const px = system.makePlayer(1620, idleRd(100, 0.06, 3, 350), 0.06);
    const py = system.makePlayer(1500, 350, 0.06);
    system.updateRatings([[py, px, 1]]);
    expect(out.get('x')).toEqual({
      ...x,
      rating: px.getRating(),
      rd: px.getRd(),
      vol: px.getVol(),
      games: 6,
      lastPeriodIndex: 6,
    });
  });

  it('brings a long-idle player back at the starting RD', () => {
    const x = { rating: 1700, rd: 40, vol: 0.06, lastPeriodIndex: 0, games: 50, wins: 30 };
    const out = closePeriod(new Map([['x', x]]), 1_000_000, [{ id: 'm', ranking: [['x'], ['y']] }]);
    const fresh = closePeriod(new Map([['x', { ...x, rd: 350 }]]), 1, [{ id: 'm', ranking: [['x'], ['y']] }]);
    expect(out.get('x')!.rd).toBe(fresh.get('x')!.rd);
    expect(out.get('x')!.rating).toBe(fresh.get('x')!.rating);
  });
});
