import type { PrismaClient } from '@coup/db';

// The operator's reads: readiness and metrics.

/** A round trip to Postgres (readiness). */
export function pingPostgres(prisma: PrismaClient): Promise<unknown> {
  return prisma.$queryRaw`SELECT 1`;
}

/** How many matches there are in each status (the coup_matches gauge). */
export async function matchCountsByStatus(prisma: PrismaClient) {
  const rows = await prisma.match.groupBy({ by: ['status'], _count: { _all: true } });
  return rows.map((r) => ({ status: r.status, count: r._count._all }));
}
