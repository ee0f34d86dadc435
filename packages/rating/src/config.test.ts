import { describe, expect, it } from 'vitest';
import { DEFAULT_RATING_CONFIG, resolveConfig } from './config.ts';

describe('resolveConfig', () => {
  it('defaults to 1500 / 350 / 0.06, tau 0.5, 10-minute periods', () => {
    expect(resolveConfig()).toEqual({
      rating: 1500,
      rd: 350,
      vol: 0.06,
      tau: 0.5,
      periodMs: 600_000,
      epochMs: 0,
    });
    expect(resolveConfig({ tau: 0.8, rd: undefined })).toEqual({ ...DEFAULT_RATING_CONFIG, tau: 0.8 });
  });

  it('rejects values the glicko2 package would silently replace', () => {
    expect(() => resolveConfig({ tau: 0 })).toThrow(/tau/);
    expect(() => resolveConfig({ periodMs: -1 })).toThrow(/periodMs/);
    expect(() => resolveConfig({ rating: Number.NaN })).toThrow(/rating/);
  });
});
