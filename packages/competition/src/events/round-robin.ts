import type { Meetings } from './meetings';
import { seededRandom, shuffled } from '@coup/random';

/**
 * Heads-up round robin by the circle method: the first player stays put and the others rotate one step
 * per round, so over m - 1 rounds (m = players, plus one empty slot when odd) every pair meets exactly
 * once; whoever faces the empty slot has a bye. Later rounds start the cycle again.
 * `ids` must be in the same order every round (the caller fixes it).
 */
export function circleRound(ids: readonly string[], round: number): { tables: string[][]; byes: string[] } {
  const slots: (string | null)[] = [...ids];
  if (slots.length % 2 === 1) slots.push(null);
  const m = slots.length;
  if (m < 2) return { tables: [], byes: [...ids] };
  const shift = (round - 1) % (m - 1);
  const rest = slots.slice(1);
  const turned = [
    slots[0] ?? null,
    ...rest.slice(rest.length - shift),
    ...rest.slice(0, rest.length - shift),
  ];
  const tables: string[][] = [];
  const byes: string[] = [];
  for (let i = 0; i < m / 2; i++) {
    const a = turned[i] ?? null;
    const b = turned[m - 1 - i] ?? null;
    if (a !== null && b !== null) tables.push([a, b]);
    else if (a !== null) byes.push(a);
    else if (b !== null) byes.push(b);
  }
  return { tables, byes };
}

/**
 * Tables of 3 or more seats: no schedule makes every pair meet equally often in general, so the tables are
 * built greedily to keep repeated meetings low: take the next unseated agent, add whoever met the table
 * least so far, and so on. Several seeded shuffles are tried and the one with the fewest repeats kept
 * (the first on a tie), so the result depends only on the seed and the history.
 */
export function greedyTables(
  ids: readonly string[],
  sizes: readonly number[],
  meetings: Meetings,
  seed: string,
): string[][] {
  const attempts = ids.length > 200 ? 4 : 24;
  let best: { tables: string[][]; cost: number } | null = null;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const left = shuffled(ids, seededRandom(`${seed}:${attempt}`));
    const tables: string[][] = [];
    for (const size of sizes) {
      const table = left.splice(0, 1);
      while (table.length < size && left.length > 0) {
        let pick = 0;
        let pickCost = Infinity;
        for (let i = 0; i < left.length; i++) {
          const c = meetings.with(left[i] as string, table);
          if (c < pickCost) [pick, pickCost] = [i, c];
        }
        table.push(...left.splice(pick, 1));
      }
      tables.push(table);
    }
    const cost = tables.reduce((sum, t) => sum + meetings.ofTable(t), 0);
    if (!best || cost < best.cost) best = { tables, cost };
    if (cost === 0) break;
  }
  return best?.tables ?? [];
}
