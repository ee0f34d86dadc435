import { describe, expect, it } from 'vitest';
import { dealRotation, dealSeed } from './experiments/advance';
import { rotateLineup } from './match-groups';

describe('match groups', () => {
  it('rotates a lineup: lineup[0] sits at seat `rotation`, everyone keeps their neighbours', () => {
    expect(rotateLineup(['p', 'a', 'b'], 0)).toEqual(['p', 'a', 'b']);
    expect(rotateLineup(['p', 'a', 'b'], 1)).toEqual(['b', 'p', 'a']);
    expect(rotateLineup(['p', 'a', 'b'], 2)).toEqual(['a', 'b', 'p']);
    expect(rotateLineup(['p', 'a', 'b'], 4)).toEqual(rotateLineup(['p', 'a', 'b'], 1));
    expect(rotateLineup(['p', 'a'], -1)).toEqual(['a', 'p']);
  });

  it("seats an experiment's prompt at every seat in turn, on a seed of its own per deal", () => {
    expect([0, 1, 2, 3, 4].map((d) => dealRotation(d, 3))).toEqual([0, 1, 2, 0, 1]);
    expect(dealSeed('s', 7)).toBe('s:7');
  });
});
