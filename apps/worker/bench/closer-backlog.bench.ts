// The rating closer on a backlog (close-periods.ts, closer-thread.ts): `npm run bench -w @coup/worker`.
// Seeds a scratch database with BENCH_AGENTS rated agents and a backlog of unrated ranked four-seat matches
// (BENCH_PER_PERIOD per 10-minute period, ending before the open period), then closes it on the closer's
// own thread, for each size in BENCH_BACKLOG (default 100,000 and 500,000): the time, matches closed per
// second, the time per 100,000 (linear catch-up: flat as the backlog grows), the process's resident memory
// at its peak during the close (this thread and the closer's), and the delay of this process's event loop
// meanwhile (the loop that would be playing matches). Each size is closed as two kinds of backlog
// (BENCH_KINDS, default both): `outage`, the periods the closer missed (one period after another), and
// `late`, a bulk load of results older than the last closed period, which are all rated in the next period
// closed: one period of the whole size, read and rated a page at a time (close-large-period.ts).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createTestDatabase } from '@coup/db/testing';
import type { TestDatabase } from '@coup/db/testing';
import { RATING_EPOCH_MS } from '@coup/gateway';
import { periodIndexOf } from '@coup/rating';
import { closerThread } from '../src/ladder/closer-thread';

const SIZES = (process.env.BENCH_BACKLOG ?? '100000,500000').split(',').map(Number);
const AGENTS = Number(process.env.BENCH_AGENTS ?? 3_000);
const PER_PERIOD = Number(process.env.BENCH_PER_PERIOD ?? 1_000);
const KINDS = (process.env.BENCH_KINDS ?? 'outage,late').split(',') as ('outage' | 'late')[];
if (KINDS.some((k) => k !== 'outage' && k !== 'late')) {
  console.error(`BENCH_KINDS: ${KINDS.join(',')} (known: outage, late)`);
  process.exit(2);
}
const PERIOD_MS = 600_000;
/** The closer's rest after each batch or page, as a multiple of its work (the worker's backlog closer: 8). */
const REST_RATIO = Number(process.env.BENCH_REST_RATIO ?? 0);

async function seed(db: TestDatabase, n: number, kind: 'outage' | 'late'): Promise<void> {
  const sql = (text: string) => db.prisma.$executeRawUnsafe(text);
  const open = periodIndexOf(Date.now(), PERIOD_MS, RATING_EPOCH_MS);
  const periods = Math.ceil(n / PER_PERIOD);
  // Period k of the backlog holds matches k*PER_PERIOD..; the last one ends before the open period (late:
  // before a closed period, open - 2, so that all of them are rated in open - 1).
  const first = open - periods - (kind === 'late' ? 2 : 1);
  const finished = `to_timestamp(${RATING_EPOCH_MS / 1000} + (${first} + i / ${PER_PERIOD}) * ${PERIOD_MS / 1000}
    + (i % ${PER_PERIOD}) * 0.5)`;
  await sql(
    `INSERT INTO accounts (id, name, api_key_hash, api_key_prefix) VALUES ('acc_b', 'bench', 'x', 'x')`,
  );
  await sql(`INSERT INTO agents (id, owner_id, name, transport, endpoint_url, secret_hash, secret_enc, updated_at)
    SELECT 'ag_b' || lpad(i::text, 6, '0'), 'acc_b', 'bench-' || i, 'http', 'http://127.0.0.1:9/', md5(i::text),
      'x', now() FROM generate_series(0, ${AGENTS - 1}) i`);
  await db.prisma.$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe(`SET LOCAL session_replication_role = replica`);
      await tx.$executeRawUnsafe(`INSERT INTO matches (id, status, ranked, seed, seed_commitment, timeout_ms,
          created_at, finished_at)
        SELECT 'mt_b' || lpad(i::text, 9, '0'), 'finished', true, 's', 's', 5000, ${finished}, ${finished}
        FROM generate_series(0, ${n - 1}) i`);
      await tx.$executeRawUnsafe(`INSERT INTO match_seats (match_id, seat, agent_id, place, created_at, ranked)
        SELECT 'mt_b' || lpad(i::text, 9, '0'), s,
          'ag_b' || lpad(((i * 7 + s * 751) % ${AGENTS})::text, 6, '0'), s + 1, now(), true
        FROM generate_series(0, ${n - 1}) i, generate_series(0, 3) s`);
      // The triggers are off: the unrated list (matches_unrated) from the rows written.
      await tx.$executeRawUnsafe('SELECT matches_lists_fill()');
    },
    { timeout: 3_600_000 },
  );
  if (kind === 'late') {
    const at = (p: number) => `to_timestamp(${RATING_EPOCH_MS / 1000} + ${p} * ${PERIOD_MS / 1000})`;
    await sql(`INSERT INTO rating_periods (ruleset, index, starts_at, ends_at, closed_at, match_count)
      VALUES ('original', ${open - 2}, ${at(open - 2)}, ${at(open - 1)}, now(), 0)`);
  }
  await sql('VACUUM (ANALYZE) matches, match_seats, agents, matches_unrated');
}

const rows: Record<string, string>[] = [];
for (const { n, kind } of SIZES.flatMap((n) => KINDS.map((kind) => ({ n, kind })))) {
  const db = await createTestDatabase();
  try {
    const t0 = performance.now();
    await seed(db, n, kind);
    console.log(
      `seeded ${n.toLocaleString('en')} unrated ranked matches (${kind}) in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
    );
    const closer = closerThread(db.url);
    await closer.close({ periodMs: PERIOD_MS, now: 0 }); // starts the thread (nothing is due at time 0)
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const rss0 = process.memoryUsage.rss();
    let peak = rss0;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 50);
    const t = performance.now();
    const closed = await closer.close({ periodMs: PERIOD_MS, restRatio: REST_RATIO });
    const s = (performance.now() - t) / 1000;
    clearInterval(sampler);
    loop.disable();
    await closer.stop();
    const left = await db.prisma.match.count({ where: { ratingPeriodId: null } });
    if (left !== 0) throw new Error(`${left} matches left unrated`);
    // How many of the closer's rating updates rewrote the match in its page (HOT: no index entry, no dead
    // row for vacuum), once the closer's connections have reported their counts.
    let upd = { n: 0, hot: 0 };
    for (let tries = 0; tries < 150 && upd.n < n; tries++) {
      [upd = upd] = await db.prisma.$queryRaw<{ n: number; hot: number }[]>`
      SELECT n_tup_upd::int AS n, n_tup_hot_upd::int AS hot FROM pg_stat_user_tables WHERE relname = 'matches'`;
      if (upd.n < n) await new Promise((r) => setTimeout(r, 100));
    }
    rows.push({
      backlog: `${n.toLocaleString('en')} ${kind}`,
      periods: closed.length.toLocaleString('en'),
      s: s.toFixed(1),
      'matches/s': Math.round(n / s).toLocaleString('en'),
      's per 100k': ((s * 100_000) / n).toFixed(1),
      'loop delay p99, ms': (loop.percentile(99) / 1e6).toFixed(1),
      'loop delay max, ms': (loop.max / 1e6).toFixed(1),
      'RSS before / peak, MB': `${(rss0 / 2 ** 20).toFixed(0)} / ${(peak / 2 ** 20).toFixed(0)}`,
      'rating updates HOT': `${upd.hot.toLocaleString('en')} of ${upd.n.toLocaleString('en')}`,
    });
  } finally {
    await db.drop();
  }
}
console.log(
  `closing a backlog (${AGENTS.toLocaleString('en')} agents, ${PER_PERIOD.toLocaleString('en')} matches per period):`,
);
console.table(rows);
