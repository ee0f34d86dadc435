import { Prisma } from '@coup/db';
import type { PrismaClient } from '@coup/db';
import { behaviour, llmFigures, RATING_EPOCH_MS, sumStats } from '@coup/platform';
import type { SeatStats } from '@coup/platform';
import { periodStart } from '@coup/rating';

/** Profile figures are computed over this many of the agent's latest finished ranked matches. */
export const PROFILE_MATCHES = 200;

export async function ratingHistory(prisma: PrismaClient, agentId: string, periodMs: number) {
  const rows = await prisma.ratingHistory.findMany({
    where: { agentId },
    orderBy: { periodIndex: 'asc' },
    take: 1000,
  });
  return rows.map((r) => ({
    periodIndex: r.periodIndex,
    periodEnd: new Date(periodStart(r.periodIndex + 1, periodMs, RATING_EPOCH_MS)).toISOString(),
    rating: r.rating,
    rd: r.rd,
    games: r.games,
  }));
}

/**
 * Behaviour figures (bluff, challenge, block, fault rates, latency, and an llm agent's tokens and cost) from the per-seat stats of replays of
 * ranked matches only: a casual match is anyone's to set up (opponents, a short deadline), so it must not
 * shape an agent's public figures.
 */
export async function behaviourStats(prisma: PrismaClient, agentId: string) {
  const seats = await prisma.matchSeat.findMany({
    where: { agentId, match: { status: 'finished', ranked: true }, stats: { not: Prisma.DbNull } },
    orderBy: { match: { finishedAt: 'desc' } },
    take: PROFILE_MATCHES,
    select: { stats: true },
  });
  const total = sumStats(seats.map((s) => s.stats as unknown as SeatStats));
  return { matches: seats.length, ...behaviour(total), llm: llmFigures(total.llm ?? null) };
}
