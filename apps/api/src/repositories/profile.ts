import { agentStatsOf } from '@coup/db';
import type { PrismaClient } from '@coup/db';

// The reads behind an agent's profile (services/profile.ts shapes them).

/** The agent's closed rating periods, by ruleset, oldest first (at most 1000). */
export function ratingHistoryRows(prisma: PrismaClient, agentId: string) {
  return prisma.ratingHistory.findMany({
    where: { agentId },
    orderBy: [{ ruleset: 'asc' }, { periodIndex: 'asc' }],
    take: 1000,
  });
}

/**
 * The agent's summed behaviour over its finished ranked matches, one row per ruleset: agent_stats plus the
 * ranked seats stored since its last fold (agentStatsOf), so a match counts as soon as it is stored.
 */
export function agentStatsRows(prisma: PrismaClient, agentId: string) {
  return agentStatsOf(prisma, agentId);
}
