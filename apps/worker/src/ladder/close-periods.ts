import type { PrismaClient } from '@coup/db';
import { closePeriod, pendingPeriods, periodIndexOf, periodStart, resolveConfig } from '@coup/rating';
import type { RatingConfig } from '@coup/rating';
import { RATING_EPOCH_MS } from '@coup/gateway';
import { rankingOf } from '@coup/competition';
import { RATINGS_LOCK, rebuildLiveRatings, storedStates } from './live-ratings';

export interface ClosePeriodsOptions {
  periodMs: number;
  /** A period is closed this long after its end, so results being written at its end make it in. */
  graceMs?: number;
  config?: Partial<RatingConfig>;
  now?: number;
}

/**
 * Closes every rating period that has ended and holds unrated ranked matches: one Glicko-2 update per
 * period (a fresh instance with only that period's players), written in one transaction under an advisory
 * lock, so with several workers each period is closed exactly once. A match whose period was already
 * closed when its result arrived is rated in the next period closed (and logged there).
 * Returns the indexes of the periods closed.
 */
export async function closeDuePeriods(prisma: PrismaClient, o: ClosePeriodsOptions): Promise<number[]> {
  const epoch = RATING_EPOCH_MS;
  const config = resolveConfig({ ...o.config, periodMs: o.periodMs, epochMs: epoch });
  const now = o.now ?? Date.now();
  const firstOpen = periodIndexOf(now - (o.graceMs ?? 2000), o.periodMs, epoch);
  const closed: number[] = [];
  for (;;) {
    const index = await prisma.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${RATINGS_LOCK})`;
        const last = await tx.ratingPeriod.findFirst({
          where: { closedAt: { not: null } },
          orderBy: { index: 'desc' },
          select: { index: true },
        });
        const pending = await tx.match.findMany({
          where: {
            ranked: true,
            status: 'finished',
            ratingPeriodId: null,
            finishedAt: { lt: new Date(periodStart(firstOpen, o.periodMs, epoch)) },
          },
          select: { id: true, finishedAt: true, seats: { select: { agentId: true, place: true } } },
        });
        // The first period to close and its matches, grouped as live ratings (live-ratings.ts) group them.
        const next = pendingPeriods(
          pending.map((m) => ({
            id: m.id,
            ranking: rankingOf(m.seats),
            periodIndex: periodIndexOf((m.finishedAt as Date).getTime(), o.periodMs, epoch),
          })),
          last?.index ?? null,
        )[0];
        if (!next || next.periodIndex >= firstOpen) return null;
        const { periodIndex: p, matches: batch } = next;
        const matches = batch.map((m) => ({ id: m.id, ranking: m.ranking }));
        const ids = [...new Set(matches.flatMap((m) => m.ranking.flat()))];
        const prior = await storedStates(tx, ids);
        const updated = closePeriod(prior, p, matches, config);
        for (const [agentId, r] of updated) {
          const data = {
            rating: r.rating,
            rd: r.rd,
            vol: r.vol,
            games: r.games,
            wins: r.wins,
            lastPeriodIndex: r.lastPeriodIndex,
          };
          await tx.rating.upsert({ where: { agentId }, create: { agentId, ...data }, update: data });
        }
        await tx.ratingHistory.createMany({
          data: [...updated].map(([agentId, r]) => ({
            agentId,
            periodIndex: p,
            rating: r.rating,
            rd: r.rd,
            vol: r.vol,
            games: r.games,
          })),
        });
        await tx.ratingPeriod.upsert({
          where: { index: p },
          create: {
            index: p,
            startsAt: new Date(periodStart(p, o.periodMs, epoch)),
            endsAt: new Date(periodStart(p + 1, o.periodMs, epoch)),
            closedAt: new Date(),
            matchCount: batch.length,
          },
          update: { closedAt: new Date(), matchCount: batch.length },
        });
        await tx.match.updateMany({
          where: { id: { in: batch.map((m) => m.id) } },
          data: { ratingPeriodId: p },
        });
        // The period's results replace its live ratings at once: rebuilt from what is still unrated.
        await rebuildLiveRatings(tx, { periodMs: o.periodMs, config });
        return p;
      },
      { timeout: 60_000, maxWait: 30_000 },
    );
    if (index === null) return closed;
    closed.push(index);
  }
}
