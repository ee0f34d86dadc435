export interface TablePlan {
  /** Seats per table, largest first; every table has at least 2 seats. */
  sizes: number[];
  /** Players left without a table this round (0, or 1 with 2-seat tables and an odd count). */
  byes: number;
}

/**
 * How n players sit at tables of at most `seatsPerMatch`: ceil(n / seatsPerMatch) tables whose sizes differ
 * by at most one. A table of one is no match: that can only happen with 2-seat tables and an odd count
 * (from 3 seats up, n / ceil(n / s) >= 2 for every n >= 2), and then that player sits the round out.
 */
export function planTables(n: number, seatsPerMatch: number): TablePlan {
  if (!Number.isInteger(seatsPerMatch) || seatsPerMatch < 2) {
    throw new Error(`seatsPerMatch must be an integer >= 2, got ${seatsPerMatch}`);
  }
  if (n < 2) return { sizes: [], byes: Math.max(0, n) };
  const count = Math.ceil(n / seatsPerMatch);
  const base = Math.floor(n / count);
  const bigger = n % count;
  const sizes = Array.from({ length: count }, (_, i) => (i < bigger ? base + 1 : base));
  const byes = sizes.filter((s) => s < 2).length;
  return { sizes: sizes.filter((s) => s >= 2), byes };
}

/** Cuts an ordered list into consecutive tables of the given sizes (the rest is left out). */
export function chunkTables<T>(xs: readonly T[], sizes: readonly number[]): T[][] {
  const tables: T[][] = [];
  let at = 0;
  for (const size of sizes) {
    tables.push(xs.slice(at, at + size));
    at += size;
  }
  return tables;
}
