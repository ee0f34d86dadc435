import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';

// The PRNG lives in the game state as plain numbers; each use rebuilds the generator from that
// state and stores the new state back, so states stay immutable and JSON-serialisable.

/** Deterministic 32-bit hash of the seed string (FNV-1a, then murmur3's finaliser for avalanche). */
export function hashSeed(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
}

export function seedRng(seed: string): number[] {
  return [...xoroshiro128plus(hashSeed(seed)).getState()];
}

/** Shuffles `items` in place (Fisher-Yates) and returns the next PRNG state. */
export function shuffleInPlace<T>(rngState: readonly number[], items: T[]): number[] {
  const rng = xoroshiro128plusFromState(rngState);
  for (let i = items.length - 1; i > 0; i--) {
    const j = uniformInt(rng, 0, i);
    const tmp = items[i] as T;
    items[i] = items[j] as T;
    items[j] = tmp;
  }
  return [...rng.getState()];
}

/** An integer in [from, to] and the next PRNG state. */
export function randomInt(rngState: readonly number[], from: number, to: number): [number, number[]] {
  const rng = xoroshiro128plusFromState(rngState);
  const value = uniformInt(rng, from, to);
  return [value, [...rng.getState()]];
}
