import glicko2 from 'glicko2';
import { describe, expect, it } from 'vitest';
import { closePeriod } from './close-period.ts';
import type { RatedMatch, RatingState } from './types.ts';

function state(rating: number, rd: number, lastPeriodIndex: number, vol = 0.06): RatingState {
  return { rating, rd, vol, lastPeriodIndex, games: 0, wins: 0 };
}

/** The same numbers straight from the package, for bit-for-bit comparisons. */
function direct(players: [number, number, number][], results: [number, number, number][]) {
  const system = new glicko2.Glicko2({ tau: 0.5, rating: 1500, rd: 350, vol: 0.06 });
  const made = players.map(([r, rd, vol]) => system.makePlayer(r, rd, vol));
  system.updateRatings(results.map(([a, b, s]) => [made[a]!, made[b]!, s]));
  return made.map((p) => ({ rating: p.getRating(), rd: p.getRd(), vol: p.getVol() }));
}

describe('closePeriod', () => {
  it("reproduces Glickman's worked example (1464.06 / 151.52 / 0.05999)", () => {
    const prior = new Map([
      ['player', state(1500, 200, 4)],
      ['opp1', state(1400, 30, 4)],
      ['opp2', state(1550, 100, 4)],
      ['opp3', state(1700, 300, 4)],
    ]);
    const matches: RatedMatch[] = [
      { id: 'm1', ranking: [['player'], ['opp1']] },
      { id: 'm2', ranking: [['opp2'], ['player']] },
      { id: 'm3', ranking: [['opp3'], ['player']] },
    ];
    const p = closePeriod(prior, 5, matches).get('player');
    // The paper rounds intermediate values and prints 1464.06; the exact computation gives 1464.0507.
    expect(p?.rating).toBeCloseTo(1464.06, 1);
    expect(p?.rating).toBeCloseTo(1464.05, 2);
    expect(p?.rd).toBeCloseTo(151.52, 2);
    expect(p?.vol).toBeCloseTo(0.05999, 4);
    expect(p?.vol).toBeLessThan(0.06);
    expect(p).toMatchObject({ lastPeriodIndex: 5, games: 3, wins: 1 });
  });

  it('scores a tie as 0.5, exactly as the package does', () => {
    const prior = new Map([
      ['a', state(1600, 80, 0)],
      ['b', state(1450, 200, 0)],
    ]);
    const out = closePeriod(prior, 1, [{ id: 'm', ranking: [['a', 'b']] }]);
    const [a, b] = direct(
      [
        [1600, 80, 0.06],
        [1450, 200, 0.06],
      ],
      [[0, 1, 0.5]],
    );
    expect(out.get('a')).toMatchObject({ ...a, games: 1, wins: 1 });
    expect(out.get('b')).toMatchObject({ ...b, games: 1, wins: 1 });
    // A tie against the stronger player lifts the weaker one and lowers the stronger.
    expect(out.get('b')!.rating).toBeGreaterThan(1450);
    expect(out.get('a')!.rating).toBeLessThan(1600);
  });

  it('leaves equal players tied at their rating', () => {
    const out = closePeriod(new Map(), 0, [{ id: 'm', ranking: [['x', 'y']] }]);
    expect(out.get('x')!.rating).toBe(1500);
    expect(out.get('x')).toEqual(out.get('y'));
  });

  it('starts new players at the configured defaults', () => {
    const out = closePeriod(new Map(), 0, [{ id: 'm', ranking: [['x'], ['y']] }], { rating: 1200, rd: 300 });
    const [x] = direct(
      [
        [1200, 300, 0.06],
        [1200, 300, 0.06],
      ],
      [[0, 1, 1]],
    );
    // direct() centres the Glicko-2 scale at 1500, closePeriod at the configured 1200: equal up to rounding.
    expect(out.get('x')!.rating - 1200).toBeCloseTo(x!.rating - 1200, 9);
    expect(out.get('x')!.rd).toBeCloseTo(x!.rd, 9);
  });

  it('counts games and wins; a shared first place is a win for each', () => {
    const out = closePeriod(new Map([['a', { ...state(1500, 100, 0), games: 10, wins: 4 }]]), 1, [
      { id: 'm1', ranking: [['a', 'b'], ['c'], ['d']] },
      { id: 'm2', ranking: [['c'], ['a'], ['b', 'd']] },
    ]);
    expect([...out].map(([id, r]) => [id, r.games, r.wins])).toEqual([
      ['a', 12, 5],
      ['b', 2, 1],
      ['c', 2, 1],
      ['d', 2, 0],
    ]);
  });

  it('does not depend on the order of matches or of tied ids', () => {
    const prior = new Map([
      ['a', state(1550, 90, 3)],
      ['c', state(1400, 150, 1)],
    ]);
    const matches: RatedMatch[] = [
      { id: 'm1', ranking: [['a'], ['b', 'c'], ['d']] },
      {
        id: 'm2',
        ranking: [
          ['d', 'c'],
          ['a', 'b'],
        ],
      },
      { id: 'm3', ranking: [['b'], ['a'], ['c'], ['d']] },
    ];
    const reordered: RatedMatch[] = [
      { id: 'm3', ranking: [['b'], ['a'], ['c'], ['d']] },
      {
        id: 'm2',
        ranking: [
          ['c', 'd'],
          ['b', 'a'],
        ],
      },
      { id: 'm1', ranking: [['a'], ['c', 'b'], ['d']] },
    ];
    expect(closePeriod(prior, 4, reordered)).toEqual(closePeriod(prior, 4, matches));
  });

  it('caps the RD after an uninformative period at the starting RD', () => {
    // Against a far stronger opponent a loss carries almost no information, so step 6's growth survives.
    const prior = new Map([['far', state(5000, 350, 0)]]);
    const [x] = direct(
      [
        [1500, 350, 0.06],
        [5000, 350, 0.06],
      ],
      [[1, 0, 1]],
    );
    expect(x!.rd).toBeGreaterThan(350);
    expect(closePeriod(prior, 1, [{ id: 'm', ranking: [['far'], ['x']] }]).get('x')!.rd).toBe(350);
  });

  it('refuses to rate a player twice in a period or out of order', () => {
    const prior = new Map([['a', state(1500, 100, 7)]]);
    const matches = [{ id: 'm', ranking: [['a'], ['b']] }];
    expect(() => closePeriod(prior, 7, matches)).toThrow(/already rated/);
    expect(() => closePeriod(prior, 6, matches)).toThrow(/already rated/);
    expect(() => closePeriod(prior, 8, [...matches, ...matches])).toThrow(/appears twice/);
  });

  it('returns only the period’s players', () => {
    const prior = new Map([['idle', state(1500, 100, 0)]]);
    const out = closePeriod(prior, 1, [{ id: 'm', ranking: [['a'], ['b']] }]);
    expect([...out.keys()]).toEqual(['a', 'b']);
  });
});
