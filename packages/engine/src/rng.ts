import { sha256 } from '@noble/hashes/sha2.js';
import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { engineTraits } from './versions';

// The PRNG lives in the game state as plain numbers; each use rebuilds the generator from that
// state and stores the new state back, so states stay immutable and JSON-serialisable.

/**
 * Deterministic 32-bit hash of the seed string (FNV-1a, then murmur3's finaliser for avalanche). Engine
 * 1.0.0 seeded the PRNG with it: kept only so that its replays still re-run.
 */
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

/**
 * Domain separation: the platform publishes sha256(seed) as the seed commitment at the start of every
 * match, so the generator state must come from a different hash input or the commitment would give the
 * whole deal away.
 */
const SEED_DOMAIN = 'coup-arena/engine/prng-seed/v2\n';

function utf16le(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) {
    const u = text.charCodeAt(i);
    bytes[2 * i] = u & 0xff;
    bytes[2 * i + 1] = u >>> 8;
  }
  return bytes;
}

/**
 * The generator's full 128-bit state from the whole seed: the first 128 bits of SHA-256 over the domain
 * and the seed's UTF-16 code units (an injective encoding: unlike UTF-8, lone surrogates stay distinct),
 * so two different seeds give different states. A zero state would make xoroshiro128+ output zeros for
 * ever: the next 128 bits are used then (a 2^-128 event, handled for completeness).
 */
export function seedState128(seed: string): number[] {
  const bytes = utf16le(SEED_DOMAIN + seed);
  const digest = sha256(bytes);
  const view = new DataView(digest.buffer, digest.byteOffset, digest.byteLength);
  for (let offset = 0; offset < 32; offset += 16) {
    const words = [0, 4, 8, 12].map((i) => view.getInt32(offset + i));
    if (words.some((w) => w !== 0)) return words;
  }
  return [0, 0, 0, 1];
}

/** The initial PRNG state for `seed`, derived as engine `engineVersion` did (versions.ts). */
export function seedRng(seed: string, engineVersion: string): number[] {
  if (engineTraits(engineVersion).seeding === 'hash32') {
    return [...xoroshiro128plus(hashSeed(seed)).getState()];
  }
  return seedState128(seed);
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
