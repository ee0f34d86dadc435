import type { Prisma, PrismaClient } from '@coup/db';
import { RATING_EPOCH_MS } from '@coup/gateway';
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
export async function ratingLog(
  prisma: PrismaClient,
  periodMs: number,
  ruleset = 'original',
): Promise<LoggedMatch[]> {
  const rated = await prisma.matchRated.findMany({ where: { ruleset }, select: { matchId: true } });
  const rows = await prisma.match.findMany({
    where: { id: { in: rated.map((r) => r.matchId) }, ranked: true, status: 'finished' },
    select: { id: true, ratingPeriodId: true, seats: { select: { agentId: true, place: true } } },
  });
  return rows.map((m) => ({
    id: m.id,
    finishedAt: periodStart(m.ratingPeriodId as number, periodMs, RATING_EPOCH_MS),
    ranking: rankingOf(m.seats),
  }));
}

/**
 * The same log streamed in rating period order, a page of about `pageMatches` matches at a time (whole
 * periods per page, sized by rating_periods.match_count), so a recompute of a million matches holds one
 * page, never the log: feed it to RecomputeFold. One ruleset's log (each ruleset is its own ladder).
 */
export async function* ratingLogStream(
  prisma: PrismaClient | Prisma.TransactionClient,
  periodMs: number,
  pageMatches = 10_000,
  ruleset = 'original',
): AsyncGenerator<LoggedMatch> {
  const periods = await prisma.ratingPeriod.findMany({
    where: { ruleset },
    select: { index: true, matchCount: true },
    orderBy: { index: 'asc' },
  });
  let i = 0;
  while (i < periods.length) {
    const from = (periods[i] as { index: number }).index;
    let n = 0;
    while (i < periods.length) {
      const count = (periods[i] as { matchCount: number }).matchCount;
      if (n > 0 && n + count > pageMatches) break;
      n += count;
      i++;
    }
    const to = i < periods.length ? (periods[i] as { index: number }).index : 2_147_483_648; // past the int4 maximum
    const rows = await prisma.$queryRaw<
      { id: string; period: number; agents: string[]; places: (number | null)[] }[]
    >`
      SELECT m.id, r.period,
        array_agg(ms.agent_id ORDER BY ms.seat) AS agents, array_agg(ms.place ORDER BY ms.seat) AS places
      FROM matches_rated r JOIN matches m ON m.id = r.match_id JOIN match_seats ms ON ms.match_id = m.id
      WHERE r.ruleset = ${ruleset} AND r.period >= ${from} AND r.period <= ${to - 1}
        AND m.ranked AND m.status = 'finished'
      GROUP BY m.id, r.period
      ORDER BY r.period, m.id`;
    for (const r of rows) {
      yield {
        id: r.id,
        finishedAt: periodStart(r.period, periodMs, RATING_EPOCH_MS),
        ranking: rankingOf(r.agents.map((agentId, k) => ({ agentId, place: r.places[k] ?? null }))),
      };
    }
  }
}
