import type { MatchStatus, PrismaClient } from '@coup/db';

// The operator's reads: readiness and metrics.

/** A round trip to Postgres (readiness). */
export function pingPostgres(prisma: PrismaClient): Promise<unknown> {
  return prisma.$queryRaw`SELECT 1`;
}

/** How many matches there are in each status (the coup_matches gauge). */
export async function matchCountsByStatus(prisma: PrismaClient) {
  // One statement (one snapshot): the few matches not ended by status, the aborted ones from their list, and
  // the finished ones as the rest (matches.status has no index: migration matches_written_once).
  const rows = await prisma.$queryRaw<{ status: MatchStatus; count: number }[]>`
    WITH active AS (
      SELECT m.status, count(*)::int AS n FROM matches_active a JOIN matches m ON m.id = a.match_id GROUP BY m.status
    ), aborted AS (SELECT count(*)::int AS n FROM matches_aborted)
    SELECT status, n AS count FROM active
    UNION ALL SELECT 'aborted'::match_status, n FROM aborted WHERE n > 0
    UNION ALL SELECT 'finished'::match_status, f.n FROM (
      SELECT (SELECT count(*)::int FROM matches) - (SELECT coalesce(sum(n), 0)::int FROM active)
        - (SELECT n FROM aborted) AS n) f
    WHERE f.n > 0`;
  return rows;
}
