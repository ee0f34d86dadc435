import { describe, expect, it } from 'vitest';
import { seededRandom, shuffled } from '@coup/random';
import { syntheticLog } from '../bench/synthetic.ts';
import { closePeriod } from './close-period.ts';
import { periodIndexOf } from './period.ts';
import { applyPeriod, recompute } from './recompute.ts';
import type { LoggedMatch, RatingState } from './types.ts';

const periodMs = 60_000;
const { log, strength } = syntheticLog({ matches: 3000, agents: 60, periods: 40, periodMs, seed: 7 });

/** A seeded shuffle, so a failing order can be replayed. */
const shuffledBy = <T>(items: readonly T[], seed: number): T[] => shuffled(items, seededRandom(seed));

describe('recompute', () => {
  it('gives the same numbers for the same log', () => {
    expect(recompute(log, { periodMs })).toEqual(recompute(log, { periodMs }));
  });

  it('does not depend on the order of the log or of tied ids', () => {
    const reference = recompute(log, { periodMs });
    expect(recompute(shuffledBy(log, 1), { periodMs })).toEqual(reference);
    const reversedTies: LoggedMatch[] = shuffledBy(log, 2).map((m) => ({
      ...m,
      ranking: m.ranking.map((place) => [...place].reverse()),
    }));
    expect(recompute(reversedTies, { periodMs })).toEqual(reference);
  });

  it('equals closing the periods one by one, as a worker would', () => {
    const reference = recompute(log, { periodMs });
    const byPeriod = new Map<number, LoggedMatch[]>();
    for (const m of shuffledBy(log, 3)) {
      const p = periodIndexOf(m.finishedAt, periodMs);
      byPeriod.set(p, [...(byPeriod.get(p) ?? []), m]);
    }
    let stored = new Map<string, RatingState>();
    const history: { periodIndex: number; ratings: Map<string, RatingState> }[] = [];
    for (const p of [...byPeriod.keys()].sort((a, b) => a - b)) {
      const matches = byPeriod.get(p) ?? [];
      // A worker loads only this period's players from the database.
      const players = new Set(matches.flatMap((m) => m.ranking.flat()));
      const prior = new Map([...stored].filter(([id]) => players.has(id)));
      const updates = closePeriod(prior, p, matches, { periodMs });
      stored = applyPeriod(stored, updates);
      history.push({ periodIndex: p, ratings: updates });
    }
    expect(stored).toEqual(reference.ratings);
    expect(history).toEqual(reference.history);
  });

  it('records one history entry per period with matches, in order', () => {
    const { history, ratings } = recompute(log, { periodMs });
    const periods = history.map((h) => h.periodIndex);
    expect(periods).toEqual([...new Set(periods)].sort((a, b) => a - b));
    expect(periods.length).toBeGreaterThan(30);
    for (const [id, r] of ratings) {
      const last = history.findLast((h) => h.ratings.has(id));
      expect(last?.ratings.get(id)).toBe(r);
      expect(r.lastPeriodIndex).toBe(last?.periodIndex);
    }
    const seats = log.reduce((n, m) => n + m.ranking.flat().length, 0);
    expect([...ratings.values()].reduce((n, r) => n + r.games, 0)).toBe(seats);
  });

  it('groups by period length and epoch', () => {
    const twoPeriods = recompute(log, { periodMs: 20 * periodMs });
    expect(twoPeriods.history.map((h) => h.periodIndex)).toEqual([0, 1]);
    const shifted = recompute(log, { periodMs: 20 * periodMs, epochMs: 10 * periodMs });
    expect(shifted.history.map((h) => h.periodIndex)).toEqual([-1, 0, 1]);
  });

  it('ranks stronger agents above weaker ones', () => {
    const { ratings } = recompute(log, { periodMs });
    const ids = [...strength.keys()].sort((a, b) => strength.get(a)! - strength.get(b)!);
    const mean = (xs: string[]) => xs.reduce((s, id) => s + ratings.get(id)!.rating, 0) / xs.length;
    expect(mean(ids.slice(-15))).toBeGreaterThan(mean(ids.slice(0, 15)) + 200);
  });

  it('handles an empty log', () => {
    expect(recompute([])).toEqual({ ratings: new Map(), history: [] });
  });
});
