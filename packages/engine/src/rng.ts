import { hash32, seedWords128, stateFromInt } from '@coup/random';
import { engineTraits } from './versions';

// The game's PRNG lives in the state as plain numbers (@coup/random's state functions use it); this file
// only says how each engine version derived the initial state from the match seed.

/**
 * Domain separation: the platform publishes sha256(seed) as the seed commitment at the start of every
 * match, so the generator state must come from a different hash input or the commitment would give the
 * whole deal away.
 */
const SEED_DOMAIN = 'coup-arena/engine/prng-seed/v2\n';

/** Engine 2.0.0's initial state: the full 128 bits from a domain-separated SHA-256 of the whole seed. */
export function seedState128(seed: string): number[] {
  return seedWords128(SEED_DOMAIN, seed);
}

/** The initial PRNG state for `seed`, derived as engine `engineVersion` did (versions.ts). */
export function seedRng(seed: string, engineVersion: string): number[] {
  if (engineTraits(engineVersion).seeding === 'hash32') return stateFromInt(hash32(seed));
  return seedState128(seed);
}
