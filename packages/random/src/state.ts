import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';

// A PRNG kept as plain numbers (the engine's game state holds one): xoroshiro128+ as pure-rand computes
// it, with pure-rand's uniformInt for small ranges, each use reading the four state words into locals and
// returning the new state, so states stay immutable and JSON-serialisable. Written out here rather than
// through pure-rand's generator object because the engine shuffles on every deal and every challenge lost
// by a truthful seat: no generator object, no state copies. random.test.ts checks every output against
// pure-rand's (the games already played must deal the same).

/** The state pure-rand's xoroshiro128+ starts from for a 32-bit seed (engine 1.0.0's seeding). */
export function stateFromInt(seed: number): number[] {
  return [...xoroshiro128plus(seed).getState()];
}

// The generator's words while one call runs (pure-rand's getState order: s01, s00, s11, s10).
let s01 = 0;
let s00 = 0;
let s11 = 0;
let s10 = 0;

function load(state: readonly number[]): void {
  if (state.length !== 4)
    throw new Error('The state must have been produced by a xoroshiro128plus RandomGenerator');
  s01 = state[0] as number;
  s00 = state[1] as number;
  s11 = state[2] as number;
  s10 = state[3] as number;
}

/** xoroshiro128+'s next 32-bit output (pure-rand's XoroShiro128Plus.next). */
function next(): number {
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
}

/** An integer in [0, size) for 1 <= size <= 2^32: pure-rand's rejection sampling (uniformIntInternal). */
function below(size: number): number {
  const maxAllowed = size > 2 ? Math.floor(0x100000000 / size) * size : 0x100000000;
  let v = next() + 0x80000000;
  while (v >= maxAllowed) v = next() + 0x80000000;
  return v % size;
}

/** Shuffles `items` in place (Fisher-Yates) and returns the next PRNG state. */
export function shuffleInPlace<T>(rngState: readonly number[], items: T[]): number[] {
  load(rngState);
  for (let i = items.length - 1; i > 0; i--) {
    const j = below(i + 1);
    const tmp = items[i] as T;
    items[i] = items[j] as T;
    items[j] = tmp;
  }
  return [s01, s00, s11, s10];
}

/** An integer in [from, to] and the next PRNG state. */
export function randomInt(rngState: readonly number[], from: number, to: number): [number, number[]] {
  if (!(to - from <= 0xffffffff)) {
    // A range wider than 2^32 (never the engine's): pure-rand's own path for it.
    const rng = xoroshiro128plusFromState(rngState);
    return [uniformInt(rng, from, to), [...rng.getState()]];
  }
  load(rngState);
  const value = below(to - from + 1) + from;
  return [value, [s01, s00, s11, s10]];
}
