import { seedWords128 } from './hash';

// Seeded streams for everything that must be reproducible but is not the game itself: bots' decisions,
// event pairings, test choosers, benchmark inputs. Never Math.random: the same seed gives the same numbers
// on every machine and every run. (The game's own PRNG lives in the engine's state: state.ts.)

/** Floats in [0, 1), the same sequence for the same seed. */
export type Random = () => number;

/** Keeps streams apart from the engine's deals: a stream never shares a state with a game of that seed. */
const STREAM_DOMAIN = 'coup-arena/random/stream/v1\n';

/**
 * A stream seeded by a string (or a number, taken as its decimal string): pure-rand's xoroshiro128+ and
 * uniformFloat64, written out over four locals (random.test.ts checks them equal to pure-rand's), as
 * bots draw from a stream for every decision and the benchmarks for every move. `shared`: how many leading
 * code units of the seed many calls share, hashed once (the stream is the same whatever it says).
 */
export function seededRandom(seed: string | number, shared = 0): Random {
  const words = seedWords128(STREAM_DOMAIN, String(seed), shared);
  // pure-rand's state order: s01, s00, s11, s10.
  let s01 = words[0] as number;
  let s00 = words[1] as number;
  let s11 = words[2] as number;
  let s10 = words[3] as number;
  const next = (): number => {
    const out = (s00 + s10) | 0;
    const a0 = s10 ^ s00;
    const a1 = s11 ^ s01;
    const t00 = s00;
    const t01 = s01;
    s00 = (t00 << 24) ^ (t01 >>> 8) ^ a0 ^ (a0 << 16);
    s01 = (t01 << 24) ^ (t00 >>> 8) ^ a1 ^ ((a1 << 16) | (a0 >>> 16));
    s10 = (a1 << 5) ^ (a0 >>> 27);
    s11 = (a0 << 5) ^ (a1 >>> 27);
    return out;
  };
  // uniformFloat64: 26 then 27 random bits, 53 in all.
  return () => (next() & 0x3ffffff) * 1.4901161193847656e-8 + (next() & 0x7ffffff) * 1.1102230246251565e-16;
}

/** An integer in [0, n) drawn from `random`. */
export function randomBelow(random: Random, n: number): number {
  return Math.floor(random() * n);
}

/** A seeded chooser of indices: each call returns an integer in [0, n). */
export function seededPicker(seed: string | number): (n: number) => number {
  const random = seededRandom(seed);
  return (n) => randomBelow(random, n);
}

/** One item of a non-empty list. */
export function pick<T>(random: Random, list: readonly T[]): T {
  const item = list[randomBelow(random, list.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}
