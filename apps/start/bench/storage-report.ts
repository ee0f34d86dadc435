import { MATCH_TABLES } from '@coup/db/testing';
import type { TestDatabase } from '@coup/db/testing';

// What the stored matches cost in Postgres: bytes per match of the tables a match writes (heap,
// TOAST and indexes), the dead rows left behind by rewriting rows (what autovacuum must clean), and the
// bytes per match once VACUUM FULL has dropped them.

interface TableFigures {
  table: string;
  bytes: number;
  live: number;
  dead: number;
  hotUpdates: number;
  updates: number;
}

export async function storageReport(db: TestDatabase): Promise<string[]> {
  // The statistics collector is asynchronous: ask for a fresh snapshot of the counters.
  await db.prisma.$executeRawUnsafe('SELECT pg_stat_clear_snapshot()');
  // Per match row: the benchmark leaves a backlog of matches it aborted unplayed, which take room too.
  const [{ n, finished } = { n: 0, finished: 0 }] = await db.prisma.$queryRawUnsafe<
    { n: number; finished: number }[]
  >("SELECT count(*)::int AS n, (count(*) FILTER (WHERE status = 'finished'))::int AS finished FROM matches");
  const rows = await db.prisma.$queryRawUnsafe<TableFigures[]>(
    `SELECT relname AS "table", pg_total_relation_size(relid)::float8 AS bytes,
            n_live_tup::float8 AS live, n_dead_tup::float8 AS dead,
            n_tup_hot_upd::float8 AS "hotUpdates", n_tup_upd::float8 AS updates
       FROM pg_stat_user_tables WHERE relname = ANY($1::text[]) ORDER BY relname`,
    [...MATCH_TABLES],
  );
  if (n === 0) return ['storage: no match'];
  const total = rows.reduce((s, r) => s + r.bytes, 0);
  // Then what stays once the dead rows are gone (VACUUM FULL rewrites each table without them; the rows
  // are over, so a fold or a read that meets its lock only waits a moment).
  await db.prisma.$executeRawUnsafe(`VACUUM FULL ${MATCH_TABLES.join(', ')}`);
  const vacuumed = await db.prisma.$queryRawUnsafe<{ table: string; bytes: number }[]>(
    `SELECT relname AS "table", pg_total_relation_size(relid)::float8 AS bytes
       FROM pg_stat_user_tables WHERE relname = ANY($1::text[]) ORDER BY relname`,
    [...MATCH_TABLES],
  );
  const after = new Map(vacuumed.map((r) => [r.table, r.bytes]));
  const totalAfter = vacuumed.reduce((s, r) => s + r.bytes, 0);
  return [
    `storage: ${Math.round(total / n)} bytes per match on disk as written (${n} matches, ${finished} finished; ` +
      `heap, TOAST and indexes of ${MATCH_TABLES.join(', ')}; goal <= 3072), ` +
      `${Math.round(totalAfter / n)} after VACUUM FULL`,
    ...rows.map(
      (r) =>
        `  ${r.table.padEnd(21)} ${String(Math.round(r.bytes / n)).padStart(6)} B/match · ` +
        `${r.live} live, ${r.dead} dead rows · ${r.updates} updates, ${r.hotUpdates} of them HOT · ` +
        `${Math.round((after.get(r.table) ?? 0) / n)} B/match after VACUUM FULL`,
    ),
  ];
}
