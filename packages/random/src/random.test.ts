import { createHash } from 'node:crypto';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { describe, expect, it } from 'vitest';
import {
  hash32,
  pick,
  randomBelow,
  randomInt,
  seedCommitment,
  seedWords128,
  seededPicker,
  seededRandom,
  shuffleInPlace,
  shuffled,
  stateFromInt,
} from './index';

const take = (n: number, f: () => number) => Array.from({ length: n }, f);

describe('seed commitment', () => {
  it('is sha256 hex of the seed in UTF-8, as node:crypto computes it', () => {
    for (const seed of ['', 'golden-seed', 'é', '\ud83c\udfb2', '\ud800', 'x'.repeat(500)]) {
      expect(seedCommitment(seed)).toBe(createHash('sha256').update(seed, 'utf8').digest('hex'));
    }
  });
});

describe('hash32 and seedWords128', () => {
  it('hash32 is FNV-1a with murmur3 finalising, pinned (engine 1.0.0 seeds with it)', () => {
    expect([hash32(''), hash32('a'), hash32('golden-seed')]).toEqual(PINNED_HASH32);
  });

  it('seedWords128 is the first 128 bits of SHA-256 over the domain and the seed in UTF-16', () => {
    for (const seed of ['', 'abc', '\ud800']) {
      const digest = createHash('sha256')
        .update(Buffer.from(`d\n${seed}`, 'utf16le'))
        .digest();
      expect(seedWords128('d\n', seed)).toEqual([0, 1, 2, 3].map((i) => digest.readInt32BE(4 * i)));
    }
    expect(seedWords128('a\n', 'x')).not.toEqual(seedWords128('b\n', 'x'));
  });
  it('seedWords128 agrees with node:crypto at every padding boundary and on any code unit', () => {
    // Messages of 0 to 300 bytes cross one, two and several 64-byte blocks and every position of the
    // 0x80 byte and the length words; the code units cover both bytes, surrogates and U+FFFF.
    const random = seededRandom('sha-lengths');
    const units = [0x41, 0xe9, 0x100, 0x7fff, 0x8000, 0xd800, 0xdc00, 0xffff];
    for (let length = 0; length <= 150; length++) {
      const seed = String.fromCharCode(...Array.from({ length }, () => pick(random, units)));
      const digest = createHash('sha256').update(Buffer.from(seed, 'utf16le')).digest();
      expect(seedWords128('', seed)).toEqual([0, 1, 2, 3].map((i) => digest.readInt32BE(4 * i)));
    }
  });
  it('seedWords128 agrees with node:crypto whatever shared prefix the caller names, remembered or not', () => {
    const random = seededRandom('sha-shared');
    const units = [0x41, 0xe9, 0x100, 0xd800, 0xffff];
    const text = (n: number) => String.fromCharCode(...Array.from({ length: n }, () => pick(random, units)));
    for (let length = 0; length <= 200; length += 7) {
      const prefix = text(length);
      for (const shared of [0, 1, 31, 32, 33, 63, 64, 65, 96, length, length + 40]) {
        for (const suffix of ['', text(3), text(40), text(3)]) {
          const seed = prefix + suffix;
          const digest = createHash('sha256')
            .update(Buffer.from(`d\n${seed}`, 'utf16le'))
            .digest();
          const want = [0, 1, 2, 3].map((i) => digest.readInt32BE(4 * i));
          expect(seedWords128('d\n', seed, Math.min(shared, length))).toEqual(want);
          expect(seedWords128('d\n', seed)).toEqual(want);
        }
      }
    }
    const prefix = 'a-seed-of-some-length:ag_0123456789\u0000mt_abcdefghijkl\u0000';
    const draw = (s: string, shared?: number) => take(4, seededRandom(s, shared));
    expect(draw(`${prefix}mt_abcdefghijkl.3.1\u00002`, prefix.length)).toEqual(
      draw(`${prefix}mt_abcdefghijkl.3.1\u00002`),
    );
  });

  it('seedWords128 agrees with node:crypto when seeds share a first block, and after many first blocks', () => {
    // The first 64-byte block's result is remembered by its 32 code units (a bounded cache): seeds that
    // share it, alternating, and more distinct first blocks than the cache holds, must all hash right.
    const expected = (domain: string, seed: string) => {
      const digest = createHash('sha256')
        .update(Buffer.from(domain + seed, 'utf16le'))
        .digest();
      return [0, 1, 2, 3].map((i) => digest.readInt32BE(4 * i));
    };
    const domain = 'coup-arena/engine/prng-seed/v2\n';
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 600; i++) {
        const seed = i % 2 ? `bench-${i}` : `${String.fromCharCode(0x30 + (i % 300))}-${i}`;
        expect(seedWords128(domain, seed)).toEqual(expected(domain, seed));
        expect(seedWords128('', seed.repeat(8))).toEqual(expected('', seed.repeat(8)));
      }
    }
  });
});

describe('seeded streams', () => {
  it('give the same numbers for the same seed, other numbers for another', () => {
    expect(take(20, seededRandom('s'))).toEqual(take(20, seededRandom('s')));
    expect(take(20, seededRandom('s'))).not.toEqual(take(20, seededRandom('t')));
    // A number seed is its decimal string.
    expect(take(5, seededRandom(42))).toEqual(take(5, seededRandom('42')));
  });

  it("are pure-rand's xoroshiro128+ and uniformFloat64 from the seed's 128-bit state", () => {
    // Bots' decisions and every seeded test were drawn with pure-rand: the inlined stream must not differ.
    for (const seed of ['s', 'golden-0', 42, '\ud800x']) {
      const twin = xoroshiro128plusFromState(seedWords128('coup-arena/random/stream/v1\n', String(seed)));
      const random = seededRandom(seed);
      for (let i = 0; i < 1000; i++) expect(random()).toBe(uniformFloat64(twin));
    }
  });
  it('give floats in [0, 1) and indices in [0, n), spread over the range', () => {
    const random = seededRandom('spread');
    const counts = new Array<number>(10).fill(0);
    for (let i = 0; i < 10_000; i++) {
      const x = random();
      expect(x >= 0 && x < 1).toBe(true);
      counts[randomBelow(random, 10)]!++;
    }
    for (const c of counts) expect(c).toBeGreaterThan(800);
    const next = seededPicker(7);
    for (let i = 0; i < 100; i++) expect(next(3)).toBeLessThan(3);
  });

  it('shuffle a copy into a permutation, and pick from a list', () => {
    const items = [...'abcdefgh'];
    const out = shuffled(items, seededRandom('perm'));
    expect(out).not.toBe(items);
    expect([...out].sort()).toEqual(items);
    expect(items).toEqual([...'abcdefgh']);
    expect(items).toContain(pick(seededRandom('p'), items));
    expect(() => pick(seededRandom('p'), [])).toThrow('pick from an empty list');
  });
});

describe('the PRNG kept in a state', () => {
  it('is pure: the same state gives the same value and next state, and the input is not changed', () => {
    const state = Object.freeze(stateFromInt(hash32('golden-seed')));
    const [a, next] = randomInt(state, 0, 5);
    expect(randomInt(state, 0, 5)).toEqual([a, next]);
    expect(next).not.toEqual(state);
    const deck = [1, 2, 3, 4, 5, 6];
    const after = shuffleInPlace(state, deck);
    expect([...deck].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(shuffleInPlace(state, [1, 2, 3, 4, 5, 6])).toEqual(after);
  });
  it("shuffles and draws exactly as pure-rand's xoroshiro128+ and uniformInt do", () => {
    // The games already played were dealt with pure-rand's generator: the inlined one must not differ.
    const random = seededRandom('pure-rand-twin');
    for (let k = 0; k < 300; k++) {
      const state = [0, 1, 2, 3].map(() => Math.floor(random() * 2 ** 32) | 0);
      const items = Array.from({ length: 1 + (k % 20) }, (_, i) => i);
      const rng = xoroshiro128plusFromState(state);
      const expected = [...items];
      for (let i = expected.length - 1; i > 0; i--) {
        const j = uniformInt(rng, 0, i);
        [expected[i], expected[j]] = [expected[j]!, expected[i]!];
      }
      const mine = [...items];
      expect(shuffleInPlace(state, mine)).toEqual(rng.getState());
      expect(mine).toEqual(expected);
      const to = [1, 5, 2 ** 31, 2 ** 32 - 1, 2 ** 40][k % 5]!;
      const twin = xoroshiro128plusFromState(state);
      expect(randomInt(state, -3, to)).toEqual([uniformInt(twin, -3, to), twin.getState()]);
    }
  });
});

const PINNED_HASH32 = [-1421968373, 444641715, 1415164228];
