import { describe, expect, it } from 'vitest';
import { periodIndexOf, periodStart } from './period.ts';

describe('periodIndexOf', () => {
  const tenMinutes = 600_000;

  it('maps times to half-open periods from the epoch', () => {
    expect(periodIndexOf(0, tenMinutes)).toBe(0);
    expect(periodIndexOf(tenMinutes - 1, tenMinutes)).toBe(0);
    expect(periodIndexOf(tenMinutes, tenMinutes)).toBe(1);
    expect(periodIndexOf(5_000 + 2 * tenMinutes, tenMinutes, 5_000)).toBe(2);
    expect(periodIndexOf(4_999, tenMinutes, 5_000)).toBe(-1);
  });

  it('is the inverse of periodStart', () => {
    for (const p of [-3, 0, 1, 12345]) {
      expect(periodIndexOf(periodStart(p, 1000, 77), 1000, 77)).toBe(p);
      expect(periodIndexOf(periodStart(p + 1, 1000, 77) - 1, 1000, 77)).toBe(p);
    }
  });

  it('rejects unusable lengths and times', () => {
    expect(() => periodIndexOf(0, 0)).toThrow(RangeError);
    expect(() => periodIndexOf(Number.NaN, 1000)).toThrow(RangeError);
  });
});
