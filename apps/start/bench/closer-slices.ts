import type { TestDatabase } from '@coup/db/testing';
import { RATINGS_LOCK } from '@coup/worker';

// The backlog row's own reference: play while the closer works against play while it is held, in
// alternating slices of the same window (same database, same minutes, the backlog in place). The bench
// holds the closer by taking the ratings lock itself: the closer's next batch waits for it (a batch's
// transaction waits up to 60 s; a slice is far shorter), and the live-ratings job skips while it is
// held, as it does while the closer holds it. The house row, measured minutes before on a smaller
// database, varied more between runs (215-325 matches/s) than the 10% the goal allows.

export interface SliceRates {
  working: { matches: number; seconds: number };
  held: { matches: number; seconds: number };
}

/** Alternates `sliceMs` slices, closer working first, for `windowMs`; counts the matches stored in each. */
export async function closerSlices(
  db: TestDatabase,
  o: { windowMs: number; sliceMs: number; stored: () => Promise<number> },
): Promise<SliceRates> {
  const rates: SliceRates = { working: { matches: 0, seconds: 0 }, held: { matches: 0, seconds: 0 } };
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const measure = async (into: { matches: number; seconds: number }) => {
    const c0 = await o.stored();
    const t0 = performance.now();
    await sleep(o.sliceMs);
    into.matches += (await o.stored()) - c0;
    into.seconds += (performance.now() - t0) / 1000;
  };
  const end = performance.now() + o.windowMs;
  for (let k = 0; performance.now() < end; k++) {
    if (k % 2 === 0) {
      await measure(rates.working);
      continue;
    }
    // Held from the moment the lock is taken (the closer's batch in flight commits first).
    await db.prisma.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${RATINGS_LOCK})`;
        await measure(rates.held);
      },
      { timeout: o.sliceMs + 60_000, maxWait: 30_000 },
    );
  }
  return rates;
}
