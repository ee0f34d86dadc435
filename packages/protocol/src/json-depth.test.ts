import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonTextTooDeep, MAX_JSON_DEPTH, tooDeepMessage, valueTooDeep } from './json-depth';

const nested = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

/** The depth of a parsed value, recursively: fine for the small values generated here. */
function depthOf(v: unknown): number {
  if (v === null || typeof v !== 'object') return 0;
  const children: unknown[] = Array.isArray(v) ? v : Object.values(v);
  return 1 + Math.max(0, ...children.map(depthOf));
}

describe('jsonTextTooDeep', () => {
  it('allows MAX_JSON_DEPTH levels and refuses one more', () => {
    expect(MAX_JSON_DEPTH).toBe(64);
    expect(jsonTextTooDeep(nested(64))).toBe(false);
    expect(jsonTextTooDeep(nested(65))).toBe(true);
    expect(jsonTextTooDeep('['.repeat(65) + ']'.repeat(65))).toBe(true);
    expect(jsonTextTooDeep('1')).toBe(false);
  });

  it('scans the 54 KB frame of 9,000 levels, and a megabyte of brackets, without parsing', () => {
    const frame = '{"type":"answer","decisionId":"x","action":' + nested(9000) + '}';
    expect(frame.length).toBeGreaterThan(54_000);
    expect(jsonTextTooDeep(frame)).toBe(true);
    expect(jsonTextTooDeep('['.repeat(1 << 20))).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ s: '{'.repeat(100) + '"\\[' + '['.repeat(100), t: ['\\', '"{'] });
    expect(jsonTextTooDeep(text, 2)).toBe(false);
    expect(jsonTextTooDeep(text, 1)).toBe(true);
  });

  it('agrees with the depth of the parsed value for any JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 9 }), (v, max) => {
        const text = JSON.stringify(v);
        expect(jsonTextTooDeep(text, max)).toBe(depthOf(JSON.parse(text)) > max);
      }),
      { seed: 17, numRuns: 500 },
    );
  });
});

describe('valueTooDeep', () => {
  it('walks a value of 100,000 levels without recursion', () => {
    expect(valueTooDeep(JSON.parse(nested(100_000)))).toBe(true);
    expect(valueTooDeep(JSON.parse(nested(64)))).toBe(false);
    expect(valueTooDeep(JSON.parse(nested(65)))).toBe(true);
    expect(valueTooDeep('x')).toBe(false);
    expect(valueTooDeep(null)).toBe(false);
  });

  it('agrees with the depth of the value for any JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 9 }), (v, max) => {
        expect(valueTooDeep(v, max)).toBe(depthOf(v) > max);
      }),
      { seed: 17, numRuns: 500 },
    );
  });

  it('walks an object met again once: a cycle is not endless', () => {
    const cyclic: Record<string, unknown> = { a: { b: 1 } };
    cyclic.self = cyclic;
    expect(valueTooDeep(cyclic)).toBe(false);
    expect(valueTooDeep(cyclic, 1)).toBe(true);
  });

  it('says what is refused', () => {
    expect(tooDeepMessage('body')).toBe('body: nests arrays and objects more than 64 levels deep');
  });
});
