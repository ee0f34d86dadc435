import { randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` characters drawn uniformly from [0-9A-Za-z] (rejection sampling, so no modulo bias). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 * 62: bytes above it would make the first characters more likely.
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/** The id prefixes in use, so every table's ids say what they are (`mt_...` is a match). */
export const ID_PREFIX = {
  account: 'acc',
  agent: 'ag',
  match: 'mt',
  event: 'ev',
  matchGroup: 'mg',
  experiment: 'ex',
  humanDataset: 'hds',
} as const;

/**
 * `<prefix>_` + 20 base62 chars (~119 random bits). Ids are not time-ordered: paginate on (createdAt, id).
 */
export function newId(prefix: string): string {
  return `${prefix}_${randomBase62(20)}`;
}
