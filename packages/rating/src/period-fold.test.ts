import { describe, expect, it } from 'vitest';
import { syntheticLog } from '../bench/synthetic.ts';
import { closePeriod, PeriodFold } from './close-period.ts';
import { compareIds } from './ranking.ts';
import type { RatedMatch, RatingState } from './types.ts';

// The period closer rates a period too large to hold (a bulk load of late results) a page of matches at a
// time (PeriodFold): its ratings must be closePeriod's bit for bit, or stored ratings would stop matching a
// recompute of the log.

/** Matches of one period in id order, and the prior states of some of their players. */
function period(seats: number) {
  const { log } = syntheticLog({
    matches: 3000,
    agents: 120,
    seats,
    periods: 1,
    periodMs: 60_000,
    tieRate: 0.2,
    seed: 7 + seats,
  });
  const matches: RatedMatch[] = log.map((m) => ({ id: m.id, ranking: m.ranking }));
  matches.sort((a, b) => compareIds(a.id, b.id));
  const prior = new Map<string, RatingState>();
  for (let i = 0; i < 80; i++) {
    prior.set(`agent-${String(i).padStart(5, '0')}`, {
      rating: 1300 + i * 7,
      rd: 40 + i,
      vol: 0.06,
      lastPeriodIndex: i % 9,
      games: i,
      wins: 0,
    });
  }
  return { matches, prior };
}

describe('PeriodFold', () => {
  it('rates a period paged in id order as closePeriod does, bit for bit, at 2, 4 and 6 seats', () => {
    for (const seats of [2, 4, 6]) {
      const { matches, prior } = period(seats);
      const whole = closePeriod(prior, 10, matches);
      for (const page of [1, 7, 500]) {
        const fold = new PeriodFold(10);
        for (let i = 0; i < matches.length; i += page) {
          // A page may come in any order inside (it is sorted): only pages must follow each other in id order.
          const batch = matches.slice(i, i + page).reverse();
          // Only the batch's players not seen before need their prior state, as a closer loads them.
          const fresh = batch.flatMap((m) => m.ranking.flat()).filter((id) => !fold.has(id));
          fold.add(batch, new Map(fresh.flatMap((id) => (prior.has(id) ? [[id, prior.get(id)!]] : []))));
        }
        const paged = fold.finish();
        expect(paged.size).toBe(whole.size);
        for (const [id, r] of whole)
          expect(paged.get(id), `${seats} seats, page ${page}: ${id}`).toStrictEqual(r);
      }
    }
  });

  it('refuses a page out of id order, and is over after a refused page', () => {
    const { matches, prior } = period(4);
    const fold = new PeriodFold(10);
    fold.add(matches.slice(100, 200), prior);
    expect(() => fold.add(matches.slice(50, 60), prior)).toThrow(/batches must follow id order/);
    expect(() => fold.add(matches.slice(200, 210), prior)).toThrow(/no period is open/);
  });

  it('refuses a player already rated in the period or later, and a match twice across pages', () => {
    const late = new Map([
      ['a', { rating: 1500, rd: 100, vol: 0.06, lastPeriodIndex: 10, games: 1, wins: 1 }],
    ]);
    expect(() => new PeriodFold(10).add([{ id: 'm1', ranking: [['a'], ['b']] }], late)).toThrow(
      /already rated/,
    );
    const fold = new PeriodFold(3);
    fold.add([{ id: 'm1', ranking: [['a'], ['b']] }], new Map());
    expect(() => fold.add([{ id: 'm1', ranking: [['a'], ['c']] }], new Map())).toThrow(/id order/);
  });
});
