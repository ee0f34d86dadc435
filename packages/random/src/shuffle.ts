import { randomBelow } from './stream';
import type { Random } from './stream';

// The one Fisher-Yates shuffle of the platform's own code (the engine's deals shuffle in state.ts, with the
// PRNG written out in locals for speed): seeded streams shuffle with it (bots, the archive's synthetic
// games) and so does the ladder, with node:crypto's integers.

/** Shuffles `items` in place and returns them; `below(n)` gives an integer in [0, n). */
export function shuffleBy<T>(items: T[], below: (n: number) => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = below(i + 1);
    const tmp = items[i] as T;
    items[i] = items[j] as T;
    items[j] = tmp;
  }
  return items;
}

/** Shuffles `items` in place with a seeded stream and returns them. */
export function shuffle<T>(items: T[], random: Random): T[] {
  return shuffleBy(items, (n) => randomBelow(random, n));
}

/** A shuffled copy of `items`. */
export function shuffled<T>(items: readonly T[], random: Random): T[] {
  return shuffle([...items], random);
}
