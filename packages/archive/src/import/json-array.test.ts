import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ArrayShapeError, JsonArraySplitter, type ArrayElement } from './json-array';

/** Feeds `text` to a splitter in chunks of `size` bytes. */
function split(text: string | Buffer, size = 7, maxBytes = 1 << 20, maxDepth = 32) {
  const s = new JsonArraySplitter(maxBytes, maxDepth);
  const buf = Buffer.isBuffer(text) ? text : Buffer.from(text);
  const out: ArrayElement[] = [];
  for (let i = 0; i < buf.length; i += size) out.push(...s.push(buf.subarray(i, i + size)));
  s.end();
  return { elements: out, trailing: s.trailing };
}

describe('JsonArraySplitter', () => {
  it('gives the raw text of each element, whatever the chunking', () => {
    fc.assert(
      fc.property(
        fc.array(fc.jsonValue({ maxDepth: 4 }), { maxLength: 12 }),
        fc.integer({ min: 1, max: 40 }),
        (values, size) => {
          // A last null is the terminator: keep the property to arrays that do not end with one.
          const vs = values.at(-1) === null ? [...values, 0] : values;
          const text = ` [ ${vs.map((v) => JSON.stringify(v, null, size % 3)).join(' ,\n')} ]\n`;
          const { elements } = split(text, size);
          expect(elements.map((e) => JSON.parse(e.text!))).toEqual(
            vs.map((v) => JSON.parse(JSON.stringify(v))),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads strings with escaped quotes and backslashes, and multi-byte characters cut by a chunk', () => {
    const game = { gameId: 'a"b\\', events: 'é😀\\"]', n: [1, [2, { x: '}' }]] };
    for (const size of [1, 2, 3, 5, 64]) {
      const { elements } = split(JSON.stringify([game, 'x', 3.5e2, true, null, game]), size);
      expect(elements.map((e) => JSON.parse(e.text!))).toEqual([game, 'x', 350, true, null, game]);
    }
  });

  it('takes a last null as the terminator, not an element', () => {
    expect(split('[{"a":1},\n{"a":2},\nnull]').elements.map((e) => e.text)).toEqual(['{"a":1}', '{"a":2}']);
    expect(split('[null]').elements).toEqual([]);
    expect(split('[]').elements).toEqual([]);
  });

  it('skips an element over the size cap without keeping its bytes, and goes on', () => {
    const big = `{"events":"${'a'.repeat(5000)}"}`;
    const { elements } = split(`[1,${big},"${'b'.repeat(5000)}",2]`, 100, 1000);
    expect(elements.map((e) => [e.text, e.problem])).toEqual([
      ['1', undefined],
      [null, 'too_large'],
      [null, 'too_large'],
      ['2', undefined],
    ]);
    expect(elements[1]!.bytes).toBe(big.length);
  });

  it('skips an element nested deeper than the cap, and goes on', () => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    const { elements } = split(`[{"a":1},${deep},{"a":2}]`, 333);
    expect(elements.map((e) => e.problem ?? e.text)).toEqual(['{"a":1}', 'too_deep', '{"a":2}']);
  });

  it('counts what follows the closing bracket', () => {
    expect(split('[1]  \n').trailing).toBe(0);
    expect(split('[1] junk').trailing).toBe(4);
  });

  it('refuses text that is not an array, or ends before it is closed', () => {
    for (const bad of ['{"a":1}', 'nope', '[1,,2]', '[1 2]', '[1,', '[{"a":"b}]', '[,1]'])
      expect(() => split(bad), bad).toThrow(ArrayShapeError);
  });
});
