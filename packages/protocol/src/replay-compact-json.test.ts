import { describe, expect, it } from 'vitest';
import { fromColumn, sameJson, toColumn } from './replay-compact-json';

describe('compact replay JSON helpers', () => {
  it('columns: base-36 digits of zigzag values when all fit, else the values', () => {
    expect(toColumn([0, -1, 1, -2, 17, -18])).toBe('0123yz');
    expect(fromColumn('0123yz')).toEqual([0, -1, 1, -2, 17, -18]);
    for (const xs of [[18], [-19], [0.5], [1, 2, 1e12]]) expect(toColumn(xs)).toBe(xs);
    expect(fromColumn([5, 1e12])).toEqual([5, 1e12]);
    expect(toColumn([])).toBe('');
    expect(() => fromColumn('0!')).toThrow(/! in a column/);
  });

  it('sameJson: as the serialisations compare, key order included', () => {
    expect(sameJson({ type: 'a', data: { t: [1, 2] } }, { type: 'a', data: { t: [1, 2] } })).toBe(true);
    expect(sameJson({ type: 'a', data: 1 }, { data: 1, type: 'a' })).toBe(false);
    expect(sameJson([1, 2], [1, 2, 3])).toBe(false);
    expect(sameJson([1], { 0: 1 })).toBe(false);
    expect(sameJson(null, {})).toBe(false);
    expect(sameJson('x', 'x')).toBe(true);
  });
});
