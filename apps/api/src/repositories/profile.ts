import { agentStatsOf } from '@coup/db';
import type { PrismaClient } from '@coup/db';
import { preparedRows, Prisma } from '@coup/db';

// The reads behind an agent's profile (services/profile.ts shapes them).

/** The agent's closed rating periods, by ruleset, oldest first (at most 1000). */
export function ratingHistoryRows(prisma: PrismaClient, agentId: string) {
  // Every profile reads it: a named prepared statement (planned once per connection; issue 23).
  return preparedRows<{ ruleset: string; periodIndex: number; rating: number; rd: number; games: number }>(
    prisma,
    'rating_history_of',
    Prisma.sql`SELECT ruleset, period_index AS "periodIndex", rating, rd, games FROM rating_history
      WHERE agent_id = ${agentId} ORDER BY ruleset, period_index LIMIT 1000`,
  );
}

/**
 * The agent's summed behaviour over its finished ranked matches, one row per ruleset: agent_stats plus the
 * ranked seats stored since its last fold (agentStatsOf), so a match counts as soon as it is stored.
 */
export function agentStatsRows(prisma: PrismaClient, agentId: string) {
  return agentStatsOf(prisma, agentId);
}
