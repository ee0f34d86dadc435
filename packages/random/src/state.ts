import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';

// A PRNG kept as plain numbers (the engine's game state holds one): each use rebuilds the xoroshiro128+
// generator from the state and returns the new state, so states stay immutable and JSON-serialisable.

/** The state pure-rand's xoroshiro128+ starts from for a 32-bit seed (engine 1.0.0's seeding). */
export function stateFromInt(seed: number): number[] {
  return [...xoroshiro128plus(seed).getState()];
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
