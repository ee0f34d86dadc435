import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { TestDatabase } from '@coup/db/testing';

// What one stored match costs the database over a measured window, and so how many matches per second one
// Postgres of this machine's size can take from any number of workers (issue 23: the bound on scale-out).
// Counted: transactions committed in the bench's database (every statement outside a transaction is one),
// rows written, WAL bytes (cluster-wide: the bench machine runs nothing else that writes), and the CPU of
// the database's Postgres processes read from /proc (Linux; backends live as long as their pool's connections).

export interface PostgresSnapshot {
  xacts: number;
  inserted: number;
  updated: number;
  deleted: number;
  walBytes: number;
  cpu: Map<number, number>;
}

/** User + system CPU seconds of one process so far (0 when it is gone), from /proc (Linux). */
function processCpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100/s)
  } catch {
    return 0;
  }
}

/**
 * CPU seconds so far of each process serving `db`: its backends (and autovacuum workers), and the server's
 * shared writers (WAL writer, checkpointer, background writer), which write for whoever changed pages.
 * Other databases' backends on the same server are left out, so the figure holds on a shared machine.
 */
export async function postgresCpuByPid(db: TestDatabase): Promise<Map<number, number>> {
  const rows = await db.prisma.$queryRawUnsafe<{ pid: number }[]>(
    `SELECT pid FROM pg_stat_activity
      WHERE datname = current_database() OR backend_type IN ('walwriter', 'checkpointer', 'background writer')`,
  );
  return new Map(rows.map((r) => [r.pid, processCpuSeconds(r.pid)]));
}

/** CPU seconds the processes of `b` used since `a` (a process new in `b` counts whole: it began after `a`). */
export function cpuSince(a: ReadonlyMap<number, number>, b: ReadonlyMap<number, number>): number {
  let total = 0;
  for (const [pid, cpu] of b) total += cpu - (a.get(pid) ?? 0);
  return total;
}

export async function postgresSnapshot(db: TestDatabase): Promise<PostgresSnapshot> {
  await db.prisma.$executeRawUnsafe('SELECT pg_stat_clear_snapshot()');
  const [row] = await db.prisma.$queryRawUnsafe<Omit<PostgresSnapshot, 'cpu'>[]>(
    `SELECT xact_commit::float8 AS xacts, tup_inserted::float8 AS inserted, tup_updated::float8 AS updated,
            tup_deleted::float8 AS deleted, pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::float8 AS "walBytes"
       FROM pg_stat_database WHERE datname = current_database()`,
  );
  if (!row) throw new Error('pg_stat_database has no row for the bench database');
  return { ...row, cpu: await postgresCpuByPid(db) };
}

/** The window's cost per stored match, and the matches/s this many cores of Postgres would sustain. */
export function postgresCostLine(a: PostgresSnapshot, b: PostgresSnapshot, stored: number): string {
  if (stored <= 0) return 'postgres: no match stored in the window';
  const per = (x: number) => x / stored;
  const cpuMs = per(cpuSince(a.cpu, b.cpu)) * 1000;
  const cores = availableParallelism();
  return (
    `postgres per stored match: ${per(b.xacts - a.xacts).toFixed(1)} transactions, ` +
    `${per(b.inserted - a.inserted).toFixed(1)} rows inserted, ${per(b.updated - a.updated).toFixed(1)} updated, ` +
    `${per(b.deleted - a.deleted).toFixed(1)} deleted, ${(per(b.walBytes - a.walBytes) / 1024).toFixed(1)} KB WAL, ` +
    `${cpuMs.toFixed(2)} ms CPU (the readers' load included) -> one Postgres of ${cores} cores at full CPU ` +
    `would store ~${Math.round((cores * 1000) / cpuMs)} matches/s`
  );
}
