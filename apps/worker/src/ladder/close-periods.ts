import type { Prisma, PrismaClient } from '@coup/db';
import { closePeriod, periodIndexOf, periodStart, resolveConfig } from '@coup/rating';
import type { RatingConfig, RatingState } from '@coup/rating';
import { RATING_EPOCH_MS } from '@coup/gateway';
import { rankingOf } from '@coup/competition';
import { RULESET_IDS } from '@coup/engine';
import { RATINGS_LOCK, rebuildLiveRatings, storedStates } from './live-ratings';

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
   * After each period closed, rest this many times as long as it took (a backlog's closer: 3 keeps it to
   * a quarter of a core, so play on the same machine keeps its pace). Default 0: no rest.
   */
  restRatio?: number;
}

/**
 * Closes every rating period that has ended and holds unrated ranked matches: one Glicko-2 update per
 * period (a fresh instance with only that period's players), written in one transaction under an advisory
 * lock, so with several workers each period is closed exactly once. A match whose period was already
 * closed when its result arrived is rated in the next period closed (and logged there), as
 * @coup/rating's pendingPeriods groups them.
 *
 * Each pass reads only the period it closes (the earliest unrated finish, found on the unrated-ranked
 * index, then the matches up to that period's end), so a backlog of n matches is closed in time and memory
 * linear in n and bounded by the largest period; live ratings are rebuilt once, with the last due period.
 *
 * Each ruleset is its own ladder (its matches, ratings, periods and history rows carry its id): they are
 * closed one after the other, the same way. Returns the indexes of the periods closed (every ruleset's, in
 * that order).
 */
export async function closeDuePeriods(prisma: PrismaClient, o: ClosePeriodsOptions): Promise<number[]> {
  const closed: number[] = [];
  for (const ruleset of o.ruleset === undefined ? RULESET_IDS : [o.ruleset]) {
    closed.push(...(await closeDueOf(prisma, ruleset, o)));
  }
  return closed;
}

async function closeDueOf(prisma: PrismaClient, ruleset: string, o: ClosePeriodsOptions): Promise<number[]> {
  const config = resolveConfig({ ...o.config, periodMs: o.periodMs, epochMs: RATING_EPOCH_MS });
  const firstOpen = periodIndexOf((o.now ?? Date.now()) - (o.graceMs ?? 2000), o.periodMs, RATING_EPOCH_MS);
  const openStart = new Date(periodStart(firstOpen, o.periodMs, RATING_EPOCH_MS));
  const closed: number[] = [];
  let started = performance.now();
  for (;;) {
    const index = await prisma.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${RATINGS_LOCK})`;
        const next = await nextDuePeriod(tx, ruleset, o.periodMs, openStart);
        if (next === null || next >= firstOpen) return null;
        await closeOne(tx, ruleset, next, config);
        // The period's results replace its live ratings: rebuilt from what is still unrated, once the
        // backlog is closed (a rebuild reads every unrated match: once per pass would be quadratic).
        if ((await nextDuePeriod(tx, ruleset, o.periodMs, openStart)) === null) {
          await rebuildLiveRatings(tx, { periodMs: o.periodMs, config, ruleset });
        }
        return next;
      },
      { timeout: 60_000, maxWait: 30_000 },
    );
    if (index === null) return closed;
    closed.push(index);
    const rest = (performance.now() - started) * (o.restRatio ?? 0);
    if (rest > 0) await new Promise((r) => setTimeout(r, rest));
    started = performance.now();
  }
}

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
 * The next period to close: the earliest unrated ranked finish's period, but never one at or before the
 * last closed period; null when no unrated ranked match finished before `before`.
 */
async function nextDuePeriod(
  tx: Tx,
  ruleset: string,
  periodMs: number,
  before: Date,
): Promise<number | null> {
  const [row] = await tx.$queryRaw<{ first: Date | null; last: number | null }[]>`
    SELECT (SELECT min(finished_at) FROM matches_unrated
            WHERE ruleset = ${ruleset} AND finished_at < ${before}) AS first,
           (SELECT max(index) FROM rating_periods WHERE closed_at IS NOT NULL AND ruleset = ${ruleset}) AS last`;
  if (!row?.first) return null;
  const earliest = periodIndexOf(row.first.getTime(), periodMs, RATING_EPOCH_MS);
  return Math.max(earliest, row.last === null ? -Infinity : row.last + 1);
}

/** Rates the ruleset's period `p`: its unrated ranked matches finished before its end, in one update. */
async function closeOne(tx: Tx, ruleset: string, p: number, config: RatingConfig): Promise<void> {
  const end = new Date(periodStart(p + 1, config.periodMs, config.epochMs));
  // Two index reads, as unratedRankedMatches does: the period's unrated matches, then their seats.
  const ids = (
    await tx.$queryRaw<{ id: string }[]>`
      SELECT match_id AS id FROM matches_unrated
      WHERE ruleset = ${ruleset} AND finished_at < ${end}
      ORDER BY finished_at, match_id`
  ).map((r) => r.id);
  const seats = await tx.$queryRaw<{ match_id: string; agent_id: string; place: number | null }[]>`
    SELECT match_id, agent_id, place FROM match_seats WHERE match_id = ANY(${ids}::text[])`;
  const seatsOf = new Map<string, { agentId: string; place: number | null }[]>();
  for (const s of seats) {
    const list = seatsOf.get(s.match_id) ?? [];
    list.push({ agentId: s.agent_id, place: s.place });
    seatsOf.set(s.match_id, list);
  }
  const matches = ids.map((id) => ({ id, ranking: rankingOf(seatsOf.get(id) ?? []) }));
  const players = [...new Set(matches.flatMap((m) => m.ranking.flat()))];
  const updated = closePeriod(await storedStates(tx, players, ruleset), p, matches, config);
  await writeRatings(tx, ruleset, p, updated);
  const now = new Date();
  await tx.ratingPeriod.upsert({
    where: { ruleset_index: { ruleset, index: p } },
    create: {
      ruleset,
      index: p,
      startsAt: new Date(periodStart(p, config.periodMs, config.epochMs)),
      endsAt: end,
      closedAt: now,
      matchCount: ids.length,
    },
    update: { closedAt: now, matchCount: ids.length },
  });
  await tx.$executeRaw`UPDATE matches SET rating_period_id = ${p} WHERE id = ANY(${ids}::text[])`;
}

/** The period's new ratings and their history rows: two statements whatever the number of players. */
async function writeRatings(
  tx: Tx,
  ruleset: string,
  p: number,
  updated: Map<string, RatingState>,
): Promise<void> {
  if (updated.size === 0) return;
  const rows = [...updated];
  const col = <T>(f: (id: string, r: RatingState) => T) => rows.map(([id, r]) => f(id, r));
  const [ids, rating, rd, vol, games] = [
    col((id) => id),
    col((_, r) => r.rating),
    col((_, r) => r.rd),
    col((_, r) => r.vol),
    col((_, r) => r.games),
  ];
  await tx.$executeRaw`
    INSERT INTO ratings (agent_id, rating, rd, vol, games, wins, last_period_index, ruleset, updated_at)
    SELECT *, ${ruleset}, now() FROM unnest(${ids}::text[], ${rating}::float8[], ${rd}::float8[],
      ${vol}::float8[], ${games}::int[], ${col((_, r) => r.wins)}::int[], ${col((_, r) => r.lastPeriodIndex)}::int[])
    ON CONFLICT (agent_id, ruleset) DO UPDATE SET rating = excluded.rating, rd = excluded.rd, vol = excluded.vol,
      games = excluded.games, wins = excluded.wins, last_period_index = excluded.last_period_index,
      updated_at = now()`;
  await tx.$executeRaw`
    INSERT INTO rating_history (agent_id, ruleset, period_index, rating, rd, vol, games)
    SELECT a, ${ruleset}, ${p}, r, d, v, g FROM unnest(${ids}::text[], ${rating}::float8[], ${rd}::float8[],
      ${vol}::float8[], ${games}::int[]) AS t(a, r, d, v, g)`;
}
