import { Prisma } from '@coup/db';

// The rating history of an agent's profile (read with the rest of it: agent-profile.ts; services/profile.ts
// shapes it).

export interface HistoryRow {
  ruleset: string;
  periodIndex: number;
  rating: number;
  rd: number;
  games: number;
}

/** The agent's closed rating periods, by ruleset, oldest first (at most 1000). */
export const HISTORY_SQL = (agentId: string) =>
  Prisma.sql`SELECT ruleset, period_index AS "periodIndex", rating, rd, games FROM rating_history
      WHERE agent_id = ${agentId} ORDER BY ruleset, period_index LIMIT 1000`;
