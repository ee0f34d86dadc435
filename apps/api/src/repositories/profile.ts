import type { PrismaClient } from '@coup/db';

// The reads behind an agent's profile (services/profile.ts shapes them).

/** The agent's closed rating periods, oldest first (at most 1000). */
export function ratingHistoryRows(prisma: PrismaClient, agentId: string) {
  return prisma.ratingHistory.findMany({ where: { agentId }, orderBy: { periodIndex: 'asc' }, take: 1000 });
}

/** The agent's summed behaviour over its finished ranked matches (a trigger keeps it), or null. */
export function agentStatsRow(prisma: PrismaClient, agentId: string) {
  return prisma.agentStats.findUnique({ where: { agentId } });
}
