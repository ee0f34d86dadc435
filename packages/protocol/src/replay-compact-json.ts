// JSON-level helpers of the compact replay codec (replay-compact.ts): integer columns written as short
// strings, and comparing JSON values as their serialisations would compare (key order included).

/**
 * A column of integers: a string of one base-36 digit per value when every value, zigzag-coded (0, -1, 1,
 * -2... as 0, 1, 2, 3...), is below 36 (a third of the bytes of a JSON array, and what brotli packs best),
 * else the values as they are.
 */
export type Column = string | number[];

const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyz';
const zigzag = (x: number) => (x < 0 ? -2 * x - 1 : 2 * x);

export function toColumn(xs: number[]): Column {
  let text = '';
  for (const x of xs) {
    const digit = Number.isInteger(x) ? DIGITS[zigzag(x)] : undefined;
    if (digit === undefined) return xs;
    text += digit;
  }
  return text;
}

export function fromColumn(c: Column): number[] {
  if (Array.isArray(c)) return c;
  return Array.from(c, (ch) => {
    const z = DIGITS.indexOf(ch);
    if (z < 0) throw new Error(`compact replay: ${ch} in a column`);
    return z % 2 ? -(z + 1) / 2 : z / 2;
  });
}

/**
 * Whether two JSON values serialise alike, key order included: a walk, cheaper than serialising both (a
 * value that only serialises alike, such as an undefined member, counts as different and is kept raw).
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i] as string;
    if (k !== kb[i] || !sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
      return false;
  }
  return true;
}
