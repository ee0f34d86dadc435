import { describe, expect, it } from 'vitest';
import { computeStandings, seatPoints } from './standings';
import type { EventMatchRecord } from './standings';

const entrants = ['a', 'b', 'c', 'd'].map((id) => ({ agentId: id, name: `agent-${id}` }));

/** A finished match from [agentId, place] pairs. */
const fin = (round: number, ...seats: [string, number][]): EventMatchRecord => ({
  round,
  status: 'finished',
  seats: seats.map(([agentId, place]) => ({ agentId, place })),
});

describe('seatPoints', () => {
  it('gives 3/2/1/0 at a table of 4 and 1/0 heads-up', () => {
    expect([1, 2, 3, 4].map((p) => seatPoints(4, p))).toEqual([3, 2, 1, 0]);
    expect([1, 2].map((p) => seatPoints(2, p))).toEqual([1, 0]);
  });
});

describe('computeStandings', () => {
  it('sums points by place over finished matches, best first', () => {
    const s = computeStandings(entrants, [fin(1, ['a', 1], ['b', 2], ['c', 3], ['d', 4])]);
    expect(s.map((r) => [r.rank, r.agentId, r.points, r.wins, r.played, r.meanPlace])).toEqual([
      [1, 'a', 3, 1, 1, 1],
      [2, 'b', 2, 0, 1, 2],
      [3, 'c', 1, 0, 1, 3],
      [4, 'd', 0, 0, 1, 4],
    ]);
  });

  it('gives tied seats the points of their shared (competition-style) place', () => {
    // Two share 1st (place 1, 1), then 3rd and 4th.
    const s = computeStandings(entrants, [fin(1, ['a', 1], ['b', 1], ['c', 3], ['d', 4])]);
    const by = Object.fromEntries(s.map((r) => [r.agentId, r]));
    expect([by.a?.points, by.b?.points, by.c?.points, by.d?.points]).toEqual([3, 3, 1, 0]);
    expect([by.a?.wins, by.b?.wins]).toEqual([1, 1]);
  });

  it('ignores queued, running and aborted matches', () => {
    const s = computeStandings(entrants, [
      {
        round: 1,
        status: 'aborted',
        seats: [
          { agentId: 'a', place: null },
          { agentId: 'b', place: null },
        ],
      },
      {
        round: 1,
        status: 'running',
        seats: [
          { agentId: 'c', place: null },
          { agentId: 'd', place: null },
        ],
      },
    ]);
    expect(s.every((r) => r.points === 0 && r.played === 0 && r.meanPlace === null)).toBe(true);
    // With nothing played, the name decides.
    expect(s.map((r) => r.agentId)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('breaks equal points by wins', () => {
    // a: 1st then 4th (3 + 0 points, 1 win); b: 2nd then 3rd (2 + 1 points, no win).
    const s = computeStandings(entrants, [
      fin(1, ['a', 1], ['b', 2], ['c', 3], ['d', 4]),
      fin(2, ['c', 1], ['d', 2], ['b', 3], ['a', 4]),
    ]);
    const a = s.find((r) => r.agentId === 'a');
    const b = s.find((r) => r.agentId === 'b');
    expect([a?.points, b?.points]).toEqual([3, 3]);
    expect(s.indexOf(a!)).toBeLessThan(s.indexOf(b!));
  });

  it('breaks equal points and wins by Buchholz (sum of opponents points)', () => {
    // Heads-up: a beat c, b beat d; then c beat d. a, b and c have 1 point and 1 win each.
    // Buchholz: a's opponent c has 1 point, b's opponent d has 0, c's opponents a and d have 1 together.
    // So c (mean place 1.5) goes above b (mean place 1): Buchholz comes before mean place.
    const s = computeStandings(entrants, [
      fin(1, ['b', 1], ['d', 2]),
      fin(1, ['a', 1], ['c', 2]),
      fin(2, ['c', 1], ['d', 2]),
    ]);
    expect(s.map((r) => [r.agentId, r.points, r.wins, r.buchholz, r.meanPlace])).toEqual([
      ['a', 1, 1, 1, 1],
      ['c', 1, 1, 1, 1.5],
      ['b', 1, 1, 0, 1],
      ['d', 0, 0, 2, 2],
    ]);
  });

  it('breaks equal points, wins and Buchholz by mean place, then by name', () => {
    const ids = ['e', 'f', 'g', 'h', 'i', 'j', 'k', 'm', 'n', 'o'];
    // The name alone would put f first: mean place must decide before it.
    const people = ids.map((id) => ({ agentId: id, name: id === 'f' ? 'a-f' : `z-${id}` }));
    const s = computeStandings(people, [
      // e: 2nd of 3 -> 1 point, mean place 2; opponents g and h.
      fin(1, ['g', 1], ['e', 2], ['h', 3]),
      // f: 3rd of 4 -> 1 point, mean place 3; opponents i (3), j (2), k (0): Buchholz 5.
      fin(1, ['i', 1], ['j', 2], ['f', 3], ['k', 4]),
      // g ends on 3 points and h on 2, so e's Buchholz is 5 as well.
      fin(2, ['g', 1], ['n', 2]),
      fin(2, ['h', 1], ['m', 2]),
      fin(3, ['h', 1], ['o', 2]),
    ]);
    const e = s.find((r) => r.agentId === 'e');
    const f = s.find((r) => r.agentId === 'f');
    expect([e?.points, e?.wins, e?.buchholz, e?.meanPlace]).toEqual([1, 0, 5, 2]);
    expect([f?.points, f?.wins, f?.buchholz, f?.meanPlace]).toEqual([1, 0, 5, 3]);
    expect(s.indexOf(e!)).toBeLessThan(s.indexOf(f!));
    // Equal in everything but the name: the name decides, whatever the input order.
    const twins = [
      { agentId: 'x1', name: 'beta' },
      { agentId: 'x2', name: 'alpha' },
    ];
    const t = computeStandings(twins, [fin(1, ['x1', 1], ['x2', 1])]);
    expect(t.map((r) => [r.rank, r.name, r.points])).toEqual([
      [1, 'alpha', 1],
      [2, 'beta', 1],
    ]);
  });

  it('does not depend on the order of entrants or matches', () => {
    const ms = [
      fin(1, ['a', 1], ['b', 2]),
      fin(1, ['c', 1], ['d', 2]),
      fin(2, ['a', 2], ['c', 1]),
      fin(2, ['b', 1], ['d', 1]),
    ];
    const one = computeStandings(entrants, ms);
    const two = computeStandings([...entrants].reverse(), [...ms].reverse());
    expect(two).toEqual(one);
  });
});
