import { describe, expect, it } from 'vitest';
import { liveRatings, pendingPeriods } from './live.ts';
import type { PendingMatch } from './live.ts';
import { periodStart } from './period.ts';
import { recompute } from './recompute.ts';
import type { LoggedMatch } from './types.ts';

const PERIOD_MS = 1000;
const at = (periodIndex: number) => periodStart(periodIndex, PERIOD_MS);
const pending = (id: string, periodIndex: number, ...ranking: string[][]): PendingMatch => ({
  id,
  periodIndex,
  ranking,
});

describe('pendingPeriods', () => {
  it('groups pending matches as the closer does: a late result goes to the next period closed', () => {
    const periods = pendingPeriods(
      [
        pending('m3', 9, ['a'], ['b']),
        pending('late', 4, ['b'], ['c']),
        pending('m1', 6, ['c'], ['a']),
        pending('m2', 6, ['a'], ['c']),
      ],
      5,
    );
    expect(periods.map((p) => [p.periodIndex, p.matches.map((m) => m.id).sort()])).toEqual([
      [6, ['late', 'm1', 'm2']],
      [9, ['m3']],
    ]);
    expect(pendingPeriods([], 5)).toEqual([]);
    expect(pendingPeriods([pending('m', -3, ['a'], ['b'])], null).map((p) => p.periodIndex)).toEqual([-3]);
  });
});

describe('liveRatings', () => {
  it('gives a new player a rating after its first match, before any period closed', () => {
    const live = liveRatings(new Map(), null, [pending('m1', 7, ['new'], ['house'])]);
    const p = live.get('new');
    expect(p).toMatchObject({ games: 1, wins: 1, lastPeriodIndex: 7 });
    expect(p?.rating).toBeGreaterThan(1500);
    expect(p?.rd).toBeLessThan(350);
    expect(live.get('house')?.rating).toBeLessThan(1500);
  });

  it('is exactly what recomputing the log with the pending matches closed would store', () => {
    const closed: LoggedMatch[] = [
      { id: 'c1', finishedAt: at(1), ranking: [['a'], ['b'], ['c']] },
      { id: 'c2', finishedAt: at(1), ranking: [['b', 'c'], ['d']] },
      { id: 'c3', finishedAt: at(3), ranking: [['d'], ['a']] },
    ];
    const prior = recompute(closed, { periodMs: PERIOD_MS }).ratings;
    const open = [
      pending('p1', 2, ['a'], ['d']), // late: its period 2 was over before the result arrived
      pending('p2', 5, ['e'], ['b'], ['a']),
      pending('p3', 5, ['c'], ['e']),
      pending('p4', 6, ['e', 'd']),
    ];
    const live = liveRatings(prior, 3, open, { periodMs: PERIOD_MS });
    // The log as it will be once the closer has rated them: each match logged at its closing period.
    const closes = new Map(
      pendingPeriods(open, 3).flatMap((p) => p.matches.map((m) => [m.id, p.periodIndex] as const)),
    );
    expect([...closes]).toEqual([
      ['p1', 4],
      ['p2', 5],
      ['p3', 5],
      ['p4', 6],
    ]);
    const log = [...closed, ...open.map((m) => ({ ...m, finishedAt: at(closes.get(m.id) as number) }))];
    const after = recompute(log, { periodMs: PERIOD_MS }).ratings;
    expect([...live.keys()].sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
    for (const [id, state] of live) expect(state).toEqual(after.get(id));
  });
});
