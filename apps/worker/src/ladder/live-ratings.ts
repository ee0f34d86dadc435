import type { Prisma, PrismaClient } from '@coup/db';
import { liveRatings, periodIndexOf, resolveConfig } from '@coup/rating';
import type { PendingMatch, RatingConfig, RatingState } from '@coup/rating';
import { RATING_EPOCH_MS, rankingOf } from '@coup/platform';

type Tx = Prisma.TransactionClient;

/**
 * The advisory lock of the rating tables: closing periods (close-periods.ts) and rebuilding live ratings
 * take it, so a rebuild never reads a half-closed period and never overwrites a close's own rebuild.
 */
export const RATINGS_LOCK = 42_701;

export interface LiveRatingsOptions {
  periodMs: number;
  config?: Partial<RatingConfig>;
}

export interface LiveRatingsReport {
  /** Whether live_ratings was rewritten (false: nothing changed since the last rebuild). */
  rebuilt: boolean;
  /** Unrated ranked matches counted. */
  matches: number;
  /** Agents with a live rating. */
  agents: number;
}

/**
 * The worker's short timer: rebuilds live_ratings when unrated ranked results arrived since the last rebuild
 * (or a period closed). A no-op costs one count over the unrated ranked matches and one row read.
 */
export async function refreshLiveRatings(
  prisma: PrismaClient,
  o: LiveRatingsOptions,
): Promise<LiveRatingsReport> {
  return prisma.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${RATINGS_LOCK})`;
      return rebuildLiveRatings(tx, o, { force: false });
    },
    { timeout: 60_000, maxWait: 30_000 },
  );
}

/**
 * Rewrites live_ratings from the unrated ranked matches: each of their players' state after closing every
 * pending period now (liveRatings), from the stored ratings. Call under RATINGS_LOCK; `force: false` skips
 * the rewrite when the inputs are those of the rows already there.
 */
export async function rebuildLiveRatings(
  tx: Tx,
  o: LiveRatingsOptions,
  { force }: { force: boolean },
): Promise<LiveRatingsReport> {
  const lastClosed = await tx.ratingPeriod.findFirst({
    where: { closedAt: { not: null } },
    orderBy: { index: 'desc' },
    select: { index: true },
  });
  const base = lastClosed?.index ?? null;
  if (!force) {
    const [now] = await tx.$queryRaw<{ n: number; last: Date | null }[]>`
      SELECT count(*)::int AS n, max(finished_at) AS last FROM matches
      WHERE ranked AND status = 'finished' AND rating_period_id IS NULL`;
    const [built] = await tx.$queryRaw<
      { rows: number; n: number | null; last: Date | null; base: number | null }[]
    >`
      SELECT count(*)::int AS rows, max(matches) AS n, max(as_of) AS last, max(base_period_index) AS base
      FROM live_ratings`;
    const same =
      now !== undefined &&
      built !== undefined &&
      (now.n === 0
        ? built.rows === 0
        : built.n === now.n && built.last?.getTime() === now.last?.getTime() && built.base === base);
    if (same) return { rebuilt: false, matches: now.n, agents: built.rows };
  }
  const rows = await tx.match.findMany({
    where: { ranked: true, status: 'finished', ratingPeriodId: null },
    select: { id: true, finishedAt: true, seats: { select: { agentId: true, place: true } } },
  });
  const cfg = resolveConfig({ ...o.config, periodMs: o.periodMs, epochMs: RATING_EPOCH_MS });
  const asOf = new Map<string, Date>();
  const pending: PendingMatch[] = rows.map((m) => {
    const finishedAt = m.finishedAt as Date;
    for (const s of m.seats) {
      const seen = asOf.get(s.agentId);
      if (s.place !== null && (!seen || seen < finishedAt)) asOf.set(s.agentId, finishedAt);
    }
    return {
      id: m.id,
      ranking: rankingOf(m.seats),
      periodIndex: periodIndexOf(finishedAt.getTime(), cfg.periodMs, cfg.epochMs),
    };
  });
  const live = liveRatings(await storedStates(tx, [...asOf.keys()]), base, pending, cfg);
  await tx.liveRating.deleteMany({});
  await tx.liveRating.createMany({
    data: [...live].map(([agentId, r]) => ({
      agentId,
      rating: r.rating,
      rd: r.rd,
      vol: r.vol,
      games: r.games,
      wins: r.wins,
      asOf: asOf.get(agentId) as Date,
      matches: rows.length,
      basePeriodIndex: base,
    })),
  });
  return { rebuilt: true, matches: rows.length, agents: live.size };
}

/** The stored ratings of these agents, as closePeriod takes them (the closer reads them the same way). */
export async function storedStates(tx: Tx, agentIds: string[]): Promise<Map<string, RatingState>> {
  const stored = await tx.rating.findMany({ where: { agentId: { in: agentIds } } });
  return new Map(
    stored.map((r) => [
      r.agentId,
      {
        rating: r.rating,
        rd: r.rd,
        vol: r.vol,
        games: r.games,
        wins: r.wins,
        lastPeriodIndex: r.lastPeriodIndex ?? -1,
      },
    ]),
  );
}
