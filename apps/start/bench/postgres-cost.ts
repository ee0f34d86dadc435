import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { TestDatabase } from '@coup/db/testing';

// What one stored match costs the database over a measured window, and so how many matches per second one
// Postgres of this machine's size can take from any number of workers (issue 23: the bound on scale-out).
// Counted: transactions committed in the bench's database (every statement outside a transaction is one),
// rows written, WAL bytes (cluster-wide: the bench machine runs nothing else that writes), and the CPU of
// every Postgres process read from /proc (Linux; backends live as long as their pool's connections).

export interface PostgresSnapshot {
  xacts: number;
  inserted: number;
  updated: number;
  deleted: number;
  walBytes: number;
  cpuSeconds: number;
}

/** User + system CPU seconds of every process named `postgres` (the server and its backends). */
export function postgresCpuSeconds(): number {
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.split(') ')[1]?.split(' ') ?? [];
      total += (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100/s)
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total;
}

export async function postgresSnapshot(db: TestDatabase): Promise<PostgresSnapshot> {
  await db.prisma.$executeRawUnsafe('SELECT pg_stat_clear_snapshot()');
  const [row] = await db.prisma.$queryRawUnsafe<Omit<PostgresSnapshot, 'cpuSeconds'>[]>(
    `SELECT xact_commit::float8 AS xacts, tup_inserted::float8 AS inserted, tup_updated::float8 AS updated,
            tup_deleted::float8 AS deleted, pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::float8 AS "walBytes"
       FROM pg_stat_database WHERE datname = current_database()`,
  );
  if (!row) throw new Error('pg_stat_database has no row for the bench database');
  return { ...row, cpuSeconds: postgresCpuSeconds() };
}

/** The window's cost per stored match, and the matches/s this many cores of Postgres would sustain. */
export function postgresCostLine(a: PostgresSnapshot, b: PostgresSnapshot, stored: number): string {
  if (stored <= 0) return 'postgres: no match stored in the window';
  const per = (x: number) => x / stored;
  const cpuMs = per(b.cpuSeconds - a.cpuSeconds) * 1000;
  const cores = availableParallelism();
  return (
    `postgres per stored match: ${per(b.xacts - a.xacts).toFixed(1)} transactions, ` +
    `${per(b.inserted - a.inserted).toFixed(1)} rows inserted, ${per(b.updated - a.updated).toFixed(1)} updated, ` +
    `${per(b.deleted - a.deleted).toFixed(1)} deleted, ${(per(b.walBytes - a.walBytes) / 1024).toFixed(1)} KB WAL, ` +
    `${cpuMs.toFixed(2)} ms CPU (the readers' load included) -> one Postgres of ${cores} cores at full CPU ` +
    `would store ~${Math.round((cores * 1000) / cpuMs)} matches/s`
  );
}
