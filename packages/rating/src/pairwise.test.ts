import { describe, expect, it } from 'vitest';
import { pairwiseResults } from './pairwise.ts';
import { assertValidRanking, canonicalRanking, winnersOf } from './ranking.ts';

describe('pairwiseResults', () => {
  it('decomposes a 4-seat ranking with a tie into all 6 pairs, better-placed first', () => {
    // a first, b and c tied second, d last.
    expect(pairwiseResults([['a'], ['b', 'c'], ['d']])).toEqual([
      { a: 'a', b: 'b', score: 1 },
      { a: 'a', b: 'c', score: 1 },
      { a: 'a', b: 'd', score: 1 },
      { a: 'b', b: 'c', score: 0.5 },
      { a: 'b', b: 'd', score: 1 },
      { a: 'c', b: 'd', score: 1 },
    ]);
  });

  it('gives every pair 0.5 when all seats tie', () => {
    const pairs = pairwiseResults([['a', 'b', 'c']]);
    expect(pairs).toHaveLength(3);
    expect(pairs.every((p) => p.score === 0.5)).toBe(true);
  });

  it('yields n(n-1)/2 pairs for n seats', () => {
    expect(pairwiseResults([['a'], ['b'], ['c'], ['d'], ['e'], ['f']])).toHaveLength(15);
  });
});

describe('rankings', () => {
  it('rejects empty places, duplicates and single-agent rankings', () => {
    expect(() => assertValidRanking([['a'], []], 'm')).toThrow(/empty place/);
    expect(() => assertValidRanking([['a'], ['b', 'a']], 'm')).toThrow(/twice/);
    expect(() => assertValidRanking([['a']], 'm')).toThrow(/at least two/);
    expect(() => assertValidRanking([['a'], ['b']], 'm')).not.toThrow();
  });

  it('sorts tied ids and reuses rankings that are already canonical', () => {
    const sorted = [['a'], ['b', 'c']];
    expect(canonicalRanking(sorted)).toBe(sorted);
    expect(canonicalRanking([['c', 'a'], ['b']])).toEqual([['a', 'c'], ['b']]);
  });

  it('counts a shared first place as a win for each agent in it', () => {
    expect(winnersOf([['a', 'b'], ['c']])).toEqual(['a', 'b']);
    expect(winnersOf([['a'], ['b', 'c']])).toEqual(['a']);
  });
});
