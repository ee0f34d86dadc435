import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { seedWords128 } from './hash';

// Seeded streams for everything that must be reproducible but is not the game itself: bots' decisions,
// event pairings, test choosers, benchmark inputs. Never Math.random: the same seed gives the same numbers
// on every machine and every run. (The game's own PRNG lives in the engine's state: state.ts.)

/** Floats in [0, 1), the same sequence for the same seed. */
export type Random = () => number;

/** Keeps streams apart from the engine's deals: a stream never shares a state with a game of that seed. */
const STREAM_DOMAIN = 'coup-arena/random/stream/v1\n';

/** A stream seeded by a string (or a number, taken as its decimal string): xoroshiro128+ from pure-rand. */
export function seededRandom(seed: string | number): Random {
  const rng = xoroshiro128plusFromState(seedWords128(STREAM_DOMAIN, String(seed)));
  return () => uniformFloat64(rng);
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

/** A Fisher-Yates shuffle of a copy. */
export function shuffled<T>(items: readonly T[], random: Random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomBelow(random, i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
