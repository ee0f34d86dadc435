import { describe, expect, it } from 'vitest';
import { seededRandom } from '@coup/random';
import { referenceClosePeriod } from '../bench/package-reference.ts';
import { syntheticLog } from '../bench/synthetic.ts';
import { closePeriod } from './close-period.ts';
import type { RatingConfig } from './config.ts';
import { periodIndexOf } from './period.ts';
import type { LoggedMatch, RatingState } from './types.ts';

// closePeriod runs its own port of the glicko2 package's arithmetic (glicko2-period.ts): it must give the
// package's numbers bit for bit, or stored ratings would stop matching a recompute. The reference
// (bench/package-reference.ts) is closePeriod as it was written over the package itself.

/** Folds a log period by period with the given closePeriod. */
function fold(
  log: LoggedMatch[],
  periodMs: number,
  close: typeof closePeriod,
  config: Partial<RatingConfig>,
) {
  const byPeriod = new Map<number, LoggedMatch[]>();
  for (const m of log) {
    const p = periodIndexOf(m.finishedAt, periodMs);
    byPeriod.set(p, [...(byPeriod.get(p) ?? []), m]);
  }
  const ratings = new Map<string, RatingState>();
  for (const p of [...byPeriod.keys()].sort((a, b) => a - b)) {
    for (const [id, s] of close(ratings, p, byPeriod.get(p) ?? [], { ...config, periodMs }))
      ratings.set(id, s);
  }
  return ratings;
}

describe('closePeriod against the glicko2 package', () => {
  it('gives bit-identical ratings over long logs with ties, idle periods and odd settings', () => {
    const periodMs = 60_000;
    const settings: Partial<RatingConfig>[] = [{}, { tau: 0.3, vol: 0.09 }, { rating: 0, rd: 200, tau: 1.2 }];
    for (const [i, config] of settings.entries()) {
      const rand = seededRandom(100 + i);
      const { log } = syntheticLog({
        matches: 4000,
        agents: 40 + i * 30,
        seats: 2 + i * 2,
        periods: 300,
        periodMs,
        tieRate: 0.2,
        seed: Math.floor(rand() * 1000),
      });
      const ours = fold(log, periodMs, closePeriod, config);
      const reference = fold(log, periodMs, referenceClosePeriod, config);
      expect(ours.size).toBe(reference.size);
      for (const [id, r] of reference) expect(ours.get(id), id).toStrictEqual(r);
    }
  });

  it("matches Glickman's worked example through the package's numbers", () => {
    const prior = new Map<string, RatingState>([
      ['a', { rating: 1500, rd: 200, vol: 0.06, lastPeriodIndex: 0, games: 0, wins: 0 }],
      ['b', { rating: 1400, rd: 30, vol: 0.06, lastPeriodIndex: 0, games: 0, wins: 0 }],
      ['c', { rating: 1550, rd: 100, vol: 0.06, lastPeriodIndex: 0, games: 0, wins: 0 }],
      ['d', { rating: 1700, rd: 300, vol: 0.06, lastPeriodIndex: 0, games: 0, wins: 0 }],
    ]);
    const matches = [
      { id: 'm1', ranking: [['a'], ['b']] },
      { id: 'm2', ranking: [['c'], ['a']] },
      { id: 'm3', ranking: [['d'], ['a']] },
    ];
    const ours = closePeriod(prior, 1, matches);
    expect(ours).toStrictEqual(referenceClosePeriod(prior, 1, matches));
    const a = ours.get('a') as RatingState;
    expect([a.rating.toFixed(2), a.rd.toFixed(2)]).toEqual(['1464.05', '151.52']);
    expect(a.vol).toBeCloseTo(0.05999, 4);
  });
});
