import type { PrismaClient } from '@coup/db';
import { RATING_EPOCH_MS } from './names';
import { periodStart } from '@coup/rating';
import type { LoggedMatch, Ranking } from '@coup/rating';

/** A finished match's ranking by agent id (places best first; tied seats share a place). */
export function rankingOf(seats: { agentId: string; place: number | null }[]): Ranking {
  const byPlace = new Map<number, string[]>();
  for (const s of seats) {
    if (s.place === null) continue;
    const group = byPlace.get(s.place) ?? [];
    group.push(s.agentId);
    byPlace.set(s.place, group);
  }
  return [...byPlace.entries()].sort((a, b) => a[0] - b[0]).map(([, ids]) => ids);
}

/**
 * The rating log: every rated match with the period it was rated in. A match is logged at the start of
 * its rating period, so folding this log with `recompute` gives exactly the stored ratings.
 */
export async function ratingLog(prisma: PrismaClient, periodMs: number): Promise<LoggedMatch[]> {
  const rows = await prisma.match.findMany({
    where: { ranked: true, status: 'finished', ratingPeriodId: { not: null } },
    select: { id: true, ratingPeriodId: true, seats: { select: { agentId: true, place: true } } },
  });
  return rows.map((m) => ({
    id: m.id,
    finishedAt: periodStart(m.ratingPeriodId as number, periodMs, RATING_EPOCH_MS),
    ranking: rankingOf(m.seats),
  }));
}
