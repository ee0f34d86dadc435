import type { Prisma, PrismaClient } from '@coup/db';
import { closePeriod, pendingPeriods, periodIndexOf, periodStart, resolveConfig } from '@coup/rating';
import type { PendingPeriod, RatingConfig } from '@coup/rating';
import { RATING_EPOCH_MS } from '@coup/gateway';
import { RULESET_IDS } from '@coup/engine';
import { closeLargePeriod } from './close-large-period';
import { RATINGS_LOCK, rebuildLiveRatings, storedStates } from './live-ratings';
import { rankingsOf, setMatchPeriods, writePeriods, writeRatings } from './rating-writes';
import type { HistoryRow } from './rating-writes';

type Tx = Prisma.TransactionClient;

export interface ClosePeriodsOptions {
  periodMs: number;
  /** A period is closed this long after its end, so results being written at its end make it in. */
  graceMs?: number;
  config?: Partial<RatingConfig>;
  now?: number;
  /** Only this ruleset's ladder; default: every ruleset's, one after the other. */
  ruleset?: string;
  /**
   * After each batch of periods closed, rest this many times as long as it held the ratings lock (a
   * backlog's closer: 8 keeps it to a ninth of the time, so play on the same machine keeps its pace).
   * Default 0: no rest.
   */
  restRatio?: number;
  /**
   * Stop the pass once at least this many matches were rated (their batch completed; the rest waits for
   * the next pass). The play loop's own pass is bounded so: a backlog that lands while it runs (a bulk load)
   * is left to the next pass, which hands it to the closer's thread, rather than being closed on the loop
   * that plays matches without a rest. Default: no bound.
   */
  maxMatches?: number;
}

/**
 * Closes every rating period that has ended and holds unrated ranked matches: one Glicko-2 update per
 * period (a fresh instance with only that period's players), written in one transaction under an advisory
 * lock, so with several workers each period is closed exactly once. A match whose period was already
 * closed when its result arrived is rated in the next period closed (and logged there), as
 * @coup/rating's pendingPeriods groups them.
 *
 * Each pass reads only the periods it closes: the unrated matches in finish order (matches_unrated's
 * index), up to CLOSE_BATCH_MATCHES of them in whole periods, rated one period after another in memory and
 * written in one transaction. A period larger than that alone (a bulk load of late results: one period) is
 * read and rated a page at a time (close-large-period.ts). So a backlog of n matches is closed in time
 * linear in n and memory bounded by the batch and the number of players, without a round of statements per
 * period (a backlog of short periods); live ratings are rebuilt once, with the last batch.
 *
 * Each ruleset is its own ladder (its matches, ratings, periods and history rows carry its id): they are
 * closed one after the other, the same way. Returns the indexes of the periods closed (every ruleset's, in
 * that order).
 */
export async function closeDuePeriods(prisma: PrismaClient, o: ClosePeriodsOptions): Promise<number[]> {
  const closed: number[] = [];
  const budget = { matches: o.maxMatches ?? Infinity };
  for (const ruleset of o.ruleset === undefined ? RULESET_IDS : [o.ruleset]) {
    if (budget.matches <= 0) break;
    closed.push(...(await closeDueOf(prisma, ruleset, o, budget)));
  }
  return closed;
}

async function closeDueOf(
  prisma: PrismaClient,
  ruleset: string,
  o: ClosePeriodsOptions,
  budget: { matches: number },
): Promise<number[]> {
  const config = resolveConfig({ ...o.config, periodMs: o.periodMs, epochMs: RATING_EPOCH_MS });
  const firstOpen = periodIndexOf((o.now ?? Date.now()) - (o.graceMs ?? 2000), o.periodMs, RATING_EPOCH_MS);
  const openStart = new Date(periodStart(firstOpen, o.periodMs, RATING_EPOCH_MS));
  const closed: number[] = [];
  // Live ratings are rebuilt from what is still unrated once the backlog is closed (a rebuild reads every
  // unrated match: once per pass would be quadratic).
  const rebuildWhenCaughtUp = async (tx: Tx) => {
    if ((await firstDuePeriod(tx, ruleset, config, openStart)) >= firstOpen) {
      await rebuildLiveRatings(tx, { periodMs: o.periodMs, config, ruleset });
    }
  };
  for (;;) {
    let locked = 0;
    const batch = await prisma.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${RATINGS_LOCK})`;
        locked = performance.now();
        const due = await duePeriods(tx, ruleset, config, firstOpen, openStart);
        if (!Array.isArray(due)) return due;
        if (due.length === 0) return null;
        await closeBatch(tx, ruleset, due, config);
        await rebuildWhenCaughtUp(tx);
        budget.matches -= due.reduce((n, q) => n + q.matches.length, 0);
        return due.map((q) => q.periodIndex);
      },
      { timeout: 60_000, maxWait: 30_000 },
    );
    if (batch === null) return closed;
    if (!Array.isArray(batch)) {
      // One period larger than a batch: read and rated a page at a time, in a transaction of its own.
      const rated = await closeLargePeriod(prisma, {
        ruleset,
        periodIndex: batch.large,
        config,
        stillFirst: async (tx) => (await firstDuePeriod(tx, ruleset, config, openStart)) === batch.large,
        afterClose: rebuildWhenCaughtUp,
        restRatio: o.restRatio ?? 0,
      });
      if (rated !== null) {
        closed.push(batch.large);
        budget.matches -= rated;
      }
      if (budget.matches <= 0) return closed;
      continue;
    }
    closed.push(...batch);
    if (budget.matches <= 0) return closed;
    // The rest follows the work done under the lock, not the wait for it (another worker's closer).
    const rest = (performance.now() - locked) * (o.restRatio ?? 0);
    if (rest > 0) await new Promise((r) => setTimeout(r, rest));
  }
}

/**
 * At most this many matches are rated in one transaction (several whole periods, or one larger period):
 * a backlog of short periods is closed a batch at a time rather than a round of statements per period.
 */
export const CLOSE_BATCH_MATCHES = 2_000;

/** More due unrated matches than this is a backlog: closed on the closer's own thread (ladder-worker.ts). */
export const THREAD_BACKLOG = 20_000;

/**
 * Whether more than `limit` unrated ranked matches wait in periods that have ended (any ruleset). Counted
 * on the unrated-ranked index and stopped at the limit, so the answer costs a few ms at any size.
 */
export async function hasDueBacklog(
  prisma: PrismaClient,
  o: ClosePeriodsOptions,
  limit = THREAD_BACKLOG,
): Promise<boolean> {
  const firstOpen = periodIndexOf((o.now ?? Date.now()) - (o.graceMs ?? 2000), o.periodMs, RATING_EPOCH_MS);
  const openStart = new Date(periodStart(firstOpen, o.periodMs, RATING_EPOCH_MS));
  const [row] = await prisma.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM (
      SELECT 1 FROM matches_unrated WHERE finished_at < ${openStart} LIMIT ${limit + 1}) due`;
  return (row?.n ?? 0) > limit;
}

/**
 * The next due periods in the order they are closed, whole, with their matches: the unrated ranked matches
 * that finished before the open period, read in finish order up to `limit` matches (at least one whole
 * period however large), grouped as @coup/rating's pendingPeriods does (a match whose period was already
 * closed when it arrived goes into the next period closed). Empty when none is due.
 */
async function duePeriods(
  tx: Tx,
  ruleset: string,
  config: RatingConfig,
  firstOpen: number,
  before: Date,
): Promise<PendingPeriod[] | { large: number }> {
  const limit = CLOSE_BATCH_MATCHES;
  const last = await lastClosed(tx, ruleset);
  const periodOf = (at: Date) => periodIndexOf(at.getTime(), config.periodMs, config.epochMs);
  const rows = await unratedBefore(tx, ruleset, before, limit + 1);
  if (rows.length === 0) return [];
  // With more rows than the limit, the period of the first row left out may be cut: only the periods
  // before it are whole (every row of theirs comes first in finish order).
  const cut = Math.min(rows.length > limit ? periodOf(rows[limit]!.finished_at) : firstOpen, firstOpen);
  const kept = rows.filter((r) => periodOf(r.finished_at) < cut);
  const periods = pendingPeriods(
    kept.map((r) => ({ id: r.id, ranking: [], periodIndex: periodOf(r.finished_at) })),
    last,
  ).filter((q) => q.periodIndex < cut);
  if (periods.length > 0 || rows.length <= limit) return periods;
  // The first due period alone holds more than the limit: closed a page at a time (close-large-period.ts).
  const first = firstDue(periodOf(rows[0]!.finished_at), last);
  return first < firstOpen ? { large: first } : [];
}

/**
 * The first period to close (firstDue), or Infinity when no unrated match is left before `before`. Two index
 * probes, where duePeriods would read a batch.
 */
async function firstDuePeriod(tx: Tx, ruleset: string, config: RatingConfig, before: Date): Promise<number> {
  const [earliest] = await unratedBefore(tx, ruleset, before, 1);
  if (!earliest) return Infinity;
  const period = periodIndexOf(earliest.finished_at.getTime(), config.periodMs, config.epochMs);
  return firstDue(period, await lastClosed(tx, ruleset));
}

/** The first period to close: the earliest unrated finish's, but never one at or before the last closed. */
function firstDue(earliest: number, last: number | null): number {
  return Math.max(earliest, last === null ? -Infinity : last + 1);
}

/** The ruleset's last closed period (null: none yet). */
async function lastClosed(tx: Tx, ruleset: string): Promise<number | null> {
  const [row] = await tx.$queryRaw<{ index: number | null }[]>`
    SELECT max(index) AS index FROM rating_periods WHERE closed_at IS NOT NULL AND ruleset = ${ruleset}`;
  return row?.index ?? null;
}

/** The ruleset's first `limit` unrated ranked matches finished before `before`, in finish order. */
async function unratedBefore(
  tx: Tx,
  ruleset: string,
  before: Date,
  limit: number,
): Promise<{ id: string; finished_at: Date }[]> {
  return tx.$queryRaw`
    SELECT match_id AS id, finished_at FROM matches_unrated
    WHERE ruleset = ${ruleset} AND finished_at < ${before} ORDER BY finished_at, match_id
    LIMIT ${limit}::bigint`;
}

/**
 * Rates the due periods one after the other, in memory, from the stored ratings of their players, then
 * writes the result in a fixed number of statements: the players' final ratings, a history row per period
 * and player rated in it, the periods, and each match's period.
 */
async function closeBatch(
  tx: Tx,
  ruleset: string,
  periods: PendingPeriod[],
  config: RatingConfig,
): Promise<void> {
  const ids = periods.flatMap((q) => q.matches.map((m) => m.id));
  const rankings = await rankingsOf(tx, ids);
  const rated = periods.map((q) => ({
    periodIndex: q.periodIndex,
    matches: q.matches.map((m) => ({ id: m.id, ranking: rankings.get(m.id) ?? [] })),
  }));
  const players = [...new Set(rated.flatMap((q) => q.matches.flatMap((m) => m.ranking.flat())))];
  const ratings = await storedStates(tx, players, ruleset);
  const history: HistoryRow[] = [];
  for (const q of rated) {
    for (const [id, state] of closePeriod(ratings, q.periodIndex, q.matches, config)) {
      ratings.set(id, state);
      history.push({ id, period: q.periodIndex, state });
    }
  }
  // The periods first: each match's rating_period_id refers to its period's row.
  await writePeriods(
    tx,
    ruleset,
    periods.map((q) => ({ periodIndex: q.periodIndex, matches: q.matches.length })),
    config,
  );
  await writeRatings(tx, ruleset, ratings, history);
  await setMatchPeriods(
    tx,
    ids,
    periods.flatMap((q) => q.matches.map(() => q.periodIndex)),
  );
}
