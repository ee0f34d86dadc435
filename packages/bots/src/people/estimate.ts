import type { Role } from '@coup/engine';
import type { Random } from '@coup/random';
import { pairKey } from './features';
import type { CompiledTable, GameModel } from './model';

// Estimates from the model's counts, with backoff: a context's frequencies are shrunk toward those of the
// next coarser context by `k` pseudo-counts (a hierarchical Dirichlet estimate), from the coarsest level
// (itself shrunk toward uniform) to the finest one the situation has. A context seen often speaks for
// itself; one seen rarely or never takes its coarser context's frequencies.

/** P(outcome | keys) for a table, outcome by outcome. `keys` finest first, as features.ts builds them. */
export function distribution(table: CompiledTable, keys: readonly (string | null)[], k: number): number[] {
  const n = table.outcomes.length;
  let p = new Array<number>(n).fill(1 / n);
  for (let i = keys.length - 1; i >= 0; i--) {
    const key = keys[i];
    if (key === null || key === undefined) continue;
    const counts = table.levels[i]?.get(key);
    if (!counts) continue;
    let total = 0;
    for (const c of counts) total += c;
    const prior = p;
    p = counts.map((c, j) => (c + k * (prior[j] as number)) / (total + k));
  }
  return p;
}

/**
 * How readily people pick a candidate of a targeted action: times picked over times it was a candidate,
 * shrunk toward the coarser key's rate (and the coarsest toward 1/2).
 */
export function propensity(levels: Map<string, [number, number]>[] | undefined, keys: string[], k: number) {
  let p = 0.5;
  if (!levels) return p;
  for (let i = keys.length - 1; i >= 0; i--) {
    const c = levels[i]?.get(keys[i] as string);
    if (c) p = (c[0] + k * p) / (c[1] + k);
  }
  return p;
}

/** How often people give a role up when they could (lose a card): revealed over offered, shrunk to 1/2. */
export function revealRate(m: GameModel, role: Role): number {
  const c = m.reveal.roles.get(role) ?? [0, 0];
  return (c[0] + 1) / (c[1] + 2);
}

/** P(revealing `a` rather than `b`), from the pair's own counts shrunk toward the roles' rates. */
export function revealFirst(m: GameModel, a: Role, b: Role, k: number): number {
  const ra = revealRate(m, a);
  const rb = revealRate(m, b);
  const prior = ra / (ra + rb);
  const key = pairKey(a, b);
  const c = m.reveal.pairs.get(key);
  if (!c) return prior;
  // The pair's counts are [first role of the key, second role of the key].
  const [first, second] = key.startsWith(`${a}+`) ? c : [c[1], c[0]];
  return (first + k * prior) / (first + second + k);
}

/** An index drawn with probability proportional to its weight (the first positive one if all are 0). */
export function weightedIndex(random: Random, weights: readonly number[]): number {
  let total = 0;
  for (const w of weights) total += w > 0 ? w : 0;
  if (!(total > 0))
    return Math.max(
      0,
      weights.findIndex((w) => w >= 0),
    );
  let x = random() * total;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i] as number;
    if (w <= 0) continue;
    x -= w;
    if (x < 0) return i;
  }
  // Rounding: the last positive weight.
  for (let i = weights.length - 1; i >= 0; i--) if ((weights[i] as number) > 0) return i;
  return 0;
}
