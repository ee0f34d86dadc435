// Bytes per stored match after a vacuum (issue 23: <= 3 KB all-in on a database of at least 200,000
// matches): seeds a scratch database with BENCH_MATCHES (default 200,000) four-seat matches whose rows are
// copies of matches stored by storeMatchResult (reads-seed.ts: replay bytes, places, and whatever seat
// statistics the store leaves on the seats), runs VACUUM FULL and prints heap, TOAST and indexes per match
// of every table a stored match writes to. The database is dropped at the end unless BENCH_KEEP=1.
// Run: npx tsx apps/api/bench/storage.bench.ts
import { loadavg } from 'node:os';
import { MATCH_TABLES as TABLES, createTestDatabase } from '@coup/db/testing';
import { seedReads } from './reads-seed.ts';

const MATCHES = Number(process.env.BENCH_MATCHES ?? 200_000);
const AGENTS = Number(process.env.BENCH_AGENTS ?? 3_000);

const db = await createTestDatabase();
try {
  const t0 = performance.now();
  await seedReads(db.prisma, MATCHES, AGENTS);
  const present = (
    await db.prisma.$queryRawUnsafe<{ t: string }[]>(
      `SELECT relname AS t FROM pg_class WHERE relkind = 'r' AND relname = ANY($1::text[]) ORDER BY 1`,
      TABLES,
    )
  ).map((r) => r.t);
  await db.prisma.$executeRawUnsafe(`VACUUM FULL ANALYZE ${present.join(', ')}`);
  const rows = await db.prisma.$queryRawUnsafe<{ t: string; bytes: number }[]>(
    `SELECT relname AS t, pg_total_relation_size(oid)::float8 AS bytes FROM pg_class
     WHERE relkind = 'r' AND relname = ANY($1::text[]) ORDER BY 1`,
    present,
  );
  const [{ seat } = { seat: 0 }] = await db.prisma.$queryRawUnsafe<{ seat: number }[]>(
    `SELECT coalesce(avg(pg_column_size(ms.*)), 0)::float8 AS seat FROM match_seats ms`,
  );
  const total = rows.reduce((s, r) => s + r.bytes, 0);
  console.log(
    `storage after VACUUM FULL: ${Math.round(total / MATCHES).toLocaleString('en')} bytes per match all-in ` +
      `(${MATCHES.toLocaleString('en')} four-seat matches, seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s, ` +
      `a seat row ${Math.round(seat)} B; goal <= 3,072; load ${loadavg()[0]?.toFixed(1)})`,
  );
  for (const r of rows) {
    console.log(`  ${r.t.padEnd(22)} ${String(Math.round(r.bytes / MATCHES)).padStart(6)} B/match`);
  }
  if (process.env.BENCH_KEEP === '1') console.log(`kept the database: ${db.url}`);
} finally {
  if (process.env.BENCH_KEEP !== '1') await db.drop();
  await db.prisma.$disconnect();
}
