import type { Prisma, PrismaClient } from '@coup/db';
import { PeriodFold, periodStart } from '@coup/rating';
import type { RatingConfig } from '@coup/rating';
import { RATINGS_LOCK, storedStates } from './live-ratings';
import { rankingsOf, setMatchPeriods, writePeriods, writeRatings } from './rating-writes';

// One rating period too large for a batch (close-periods.ts): a bulk load of results older than the last
// closed period is rated as one period, the next one closed, and it may hold millions of matches. Read
// whole, the period's seats and rankings grew with it (a 500,000-match period was 2,000,000 seat rows in
// one statement, and took longer than a batch's transaction may). Here the period is read a page of
// matches at a time in id order (matches_unrated's C-collated index: the order @coup/rating's fold needs)
// and folded into per-player sums (PeriodFold: closePeriod's numbers bit for bit), each page's matches set
// to the period as it is folded; memory is per player of the period, whatever its size.
//
// A period is closed atomically, so the pages share one transaction, under the ratings lock: the closer
// rests between pages (restRatio) holding it. Nothing on the path of play waits for that lock (live
// ratings take it without waiting and skip a tick); the price is a transaction as long as the period's
// closing, which holds back vacuum's horizon meanwhile (dead rows of play wait for it to end).

type Tx = Prisma.TransactionClient;

/** Matches read and rated per page. */
const PAGE = 2_000;

/**
 * A large period's transaction is abandoned (rolled back, to be done again) after this long; a batch's
 * gives up after 60 s. Six hours: a closer resting 8 times its work, at 1,000 matches a second of work,
 * closes a period of 2,400,000 matches in that time.
 */
export const LARGE_PERIOD_TIMEOUT_MS = 6 * 3_600_000;

export interface LargePeriodOptions {
  ruleset: string;
  periodIndex: number;
  config: RatingConfig;
  /** Under the lock: whether the period is still the first due (another closer may have closed it). */
  stillFirst(tx: Tx): Promise<boolean>;
  /** Under the lock, once the period is written (the live ratings' rebuild when caught up). */
  afterClose(tx: Tx): Promise<void>;
  /** After each page, rest this many times as long as the page took (close-periods.ts' restRatio). */
  restRatio: number;
  page?: number;
}

/**
 * Closes the period from its unrated matches finished before its end (late results included), a page at a
 * time. Returns the matches rated, or null when the period was no longer the first due.
 */
export async function closeLargePeriod(prisma: PrismaClient, o: LargePeriodOptions): Promise<number | null> {
  return prisma.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${RATINGS_LOCK})`;
      if (!(await o.stillFirst(tx))) return null;
      const end = new Date(periodStart(o.periodIndex + 1, o.config.periodMs, o.config.epochMs));
      // The period's row first: each match's rating_period_id refers to it (its count is set at the end).
      await writePeriods(tx, o.ruleset, [{ periodIndex: o.periodIndex, matches: 0 }], o.config);
      const fold = new PeriodFold(o.periodIndex, o.config);
      let after = '';
      let count = 0;
      for (;;) {
        const t = performance.now();
        // Keyset in code-unit order: a result arriving meanwhile with an id already passed is left for the
        // next period, as any result arriving after its period was closed.
        const page = await tx.$queryRaw<{ id: string }[]>`
          SELECT match_id AS id FROM matches_unrated
          WHERE ruleset = ${o.ruleset} AND finished_at < ${end} AND match_id COLLATE "C" > ${after}
          ORDER BY match_id COLLATE "C" LIMIT ${o.page ?? PAGE}`;
        if (page.length === 0) break;
        const ids = page.map((r) => r.id);
        const rankings = await rankingsOf(tx, ids);
        const matches = ids.map((id) => ({ id, ranking: rankings.get(id) ?? [] }));
        const fresh = [...new Set(matches.flatMap((m) => m.ranking.flat()))].filter((id) => !fold.has(id));
        fold.add(matches, await storedStates(tx, fresh, o.ruleset));
        await setMatchPeriods(
          tx,
          ids,
          ids.map(() => o.periodIndex),
        );
        count += ids.length;
        after = ids[ids.length - 1] as string;
        const rest = (performance.now() - t) * o.restRatio;
        if (rest > 0) await new Promise((r) => setTimeout(r, rest));
      }
      const ratings = fold.finish();
      const history = [...ratings].map(([id, state]) => ({ id, period: o.periodIndex, state }));
      await writeRatings(tx, o.ruleset, ratings, history);
      await writePeriods(tx, o.ruleset, [{ periodIndex: o.periodIndex, matches: count }], o.config);
      await o.afterClose(tx);
      return count;
    },
    { timeout: LARGE_PERIOD_TIMEOUT_MS, maxWait: 30_000 },
  );
}
