import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { sha256Utf16Words } from './sha256-utf16';

// Everything that turns a seed string into numbers: the seed commitment, the 128-bit generator states of
// the engine and of seeded streams, and engine 1.0.0's 32-bit hash. Pure JavaScript (no node:crypto), so
// the browser's replay viewer runs the same code as the platform.

/** sha256 hex of the seed (UTF-8): the commitment published at a match's start, checked at its end. */
export function seedCommitment(seed: string): string {
  return bytesToHex(sha256(utf8ToBytes(seed)));
}

/**
 * Deterministic 32-bit hash of a string (FNV-1a, then murmur3's finaliser for avalanche). Engine 1.0.0
 * seeded its PRNG with it: kept so that its replays still re-run.
 */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
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
 * A full 128-bit xoroshiro128+ state (four signed 32-bit words) from a whole seed: the first 128 bits of
 * SHA-256 over `domain` and the seed in UTF-16 code units (an injective encoding: unlike UTF-8, lone
 * surrogates stay distinct), so two different seeds give different states. The domain keeps uses apart:
 * a state never equals the published commitment, sha256(seed), nor another use's state. A zero state
 * would make xoroshiro128+ output zeros for ever: the next 128 bits are used then (a 2^-128 event).
 * `sharedSeed`: how many leading code units of `seed` many calls share (hashed once; the result is the
 * same whatever it says).
 */
export function seedWords128(domain: string, seed: string, sharedSeed = 0): number[] {
  const h = sha256Utf16Words(domain + seed, domain.length + sharedSeed);
  for (let i = 0; i < 8; i += 4) {
    const a = h[i] as number;
    const b = h[i + 1] as number;
    const c = h[i + 2] as number;
    const d = h[i + 3] as number;
    if ((a | b | c | d) !== 0) return [a, b, c, d];
  }
  return [0, 0, 0, 1];
}
