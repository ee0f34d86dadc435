// Live ratings (live-ratings.ts) against a big match table: `npm run bench -w @coup/worker`.
// Seeds a scratch database with BENCH_RATED rated ranked matches (rating_period_id set), BENCH_CASUAL casual
// ones (never rated: rating_period_id stays null forever) and BENCH_AGENTS rated agents, then for growing
// numbers of unrated ranked matches in the open period times: the worker's 1 s check when nothing changed
// (the no-op), the first build of live_ratings (every row written), a rebuild after one more result (what
// the worker does per result: only its players' rows change), and the same computation done on a read
// instead (read the pending matches and the stored ratings, run Glicko-2, no write): what every leaderboard
// request would pay if the live figures were computed on read. Four seats per match.
import { createTestDatabase } from '@coup/db/testing';
import { RATING_EPOCH_MS } from '@coup/gateway';
import { liveRatings, periodIndexOf } from '@coup/rating';
import { refreshLiveRatings, storedStates, unratedRankedMatches } from '../src/ladder/live-ratings';

const RATED = Number(process.env.BENCH_RATED ?? 500_000);
const CASUAL = Number(process.env.BENCH_CASUAL ?? 500_000);
const AGENTS = Number(process.env.BENCH_AGENTS ?? 3_000);
const PENDING = [100, 1_000, 10_000];
const PERIOD_MS = 600_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 30);

const db = await createTestDatabase();
const sql = (text: string) => db.prisma.$executeRawUnsafe(text);
const open = periodIndexOf(Date.now(), PERIOD_MS, RATING_EPOCH_MS);

/** `n` finished four-seat matches numbered from `from`: ranked or casual, rated in a period or not. */
async function matches(from: number, n: number, o: { ranked: boolean; period: 'rated' | 'open' }) {
  const finished =
    o.period === 'open'
      ? `to_timestamp(${(RATING_EPOCH_MS + open * PERIOD_MS) / 1000} + (i % 500))`
      : `timestamptz '2026-01-01' + i * interval '1 second'`;
  const periodId = o.period === 'rated' && o.ranked ? `i / 1000` : 'NULL';
  await db.prisma.$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe(`SET LOCAL session_replication_role = replica`);
      await tx.$executeRawUnsafe(`INSERT INTO matches (id, status, ranked, seed, seed_commitment, timeout_ms,
        created_at, finished_at, rating_period_id)
      SELECT 'mt_b' || lpad(i::text, 9, '0'), 'finished', ${o.ranked}, 's', 's', 5000, ${finished},
        ${finished}, ${periodId}
      FROM generate_series(${from}, ${from + n - 1}) i`);
      await tx.$executeRawUnsafe(`INSERT INTO match_seats (match_id, seat, agent_id, place, created_at, ranked)
      SELECT 'mt_b' || lpad(i::text, 9, '0'), s, 'ag_b' || lpad(((i * 7 + s * 751) % ${AGENTS})::text, 6, '0'),
        s + 1, now(), ${o.ranked}
      FROM generate_series(${from}, ${from + n - 1}) i, generate_series(0, 3) s`);
      // The triggers are off: the unrated and rated lists (matches_unrated, matches_rated) from the rows.
      await tx.$executeRawUnsafe('SELECT matches_lists_fill()');
    },
    { timeout: 3_600_000 },
  );
}

const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
async function time(fn: () => Promise<unknown>, runs = RUNS): Promise<number> {
  await fn();
  const ms: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  return median(ms);
}

/** What a leaderboard read would do if live figures were computed on read (no write). */
async function computeOnRead() {
  const cfg = { periodMs: PERIOD_MS, epochMs: RATING_EPOCH_MS };
  const { pending, asOf } = await unratedRankedMatches(db.prisma, cfg);
  return liveRatings(await storedStates(db.prisma, [...asOf.keys()]), open - 1, pending, cfg);
}

const refresh = () => refreshLiveRatings(db.prisma, { periodMs: PERIOD_MS, backoffFactor: 0 });

/** A refresh after one more ranked result: what the worker does for each result (a rebuild). */
async function afterOneResult(): Promise<number> {
  const ms: number[] = [];
  for (let r = 0; r < Math.min(RUNS, 10); r++) {
    await matches(next++, 1, { ranked: true, period: 'open' });
    const t = performance.now();
    const report = await refresh();
    ms.push(performance.now() - t);
    if (!report.rebuilt) throw new Error('expected a rebuild');
  }
  return median(ms);
}
let next = RATED + CASUAL;

try {
  const t0 = performance.now();
  await sql(
    `INSERT INTO accounts (id, name, api_key_hash, api_key_prefix) VALUES ('acc_b', 'bench', 'x', 'x')`,
  );
  await sql(`INSERT INTO agents (id, owner_id, name, transport, endpoint_url, secret_hash, secret_enc, updated_at)
    SELECT 'ag_b' || lpad(i::text, 6, '0'), 'acc_b', 'bench-' || i, 'http', 'http://127.0.0.1:9/', md5(i::text),
      'x', now() FROM generate_series(0, ${AGENTS - 1}) i`);
  await sql(`INSERT INTO ratings (agent_id, rating, rd, vol, games, wins, last_period_index, updated_at)
    SELECT id, 1500 + (hashtext(id) % 300), 50 + abs(hashtext(id) % 100), 0.06, 100, 25, ${open - 1}, now()
    FROM agents`);
  await sql(`INSERT INTO rating_periods (index, starts_at, ends_at, closed_at, match_count)
    SELECT p, now(), now(), now(), 1000 FROM generate_series(0, ${Math.ceil(RATED / 1000)}) p
    UNION ALL VALUES (${open - 1}, now(), now(), now(), 0)`);
  await matches(0, RATED, { ranked: true, period: 'rated' });
  await matches(RATED, CASUAL, { ranked: false, period: 'rated' });
  await sql('VACUUM (ANALYZE) matches, match_seats, agents, ratings, rating_periods');
  console.log(
    `seeded ${RATED.toLocaleString('en')} rated ranked and ${CASUAL.toLocaleString('en')} casual matches, ` +
      `${AGENTS.toLocaleString('en')} rated agents in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );

  const table: Record<string, string>[] = [];
  let have = 0;
  for (const n of PENDING) {
    await matches(next, n - have, { ranked: true, period: 'open' });
    next += n - have;
    have = n;
    await sql('ANALYZE matches, match_seats');
    const t = performance.now();
    await refresh();
    const first = performance.now() - t;
    const noop = await time(refresh);
    const one = await afterOneResult();
    have += Math.min(RUNS, 10);
    const onRead = await time(computeOnRead, Math.min(RUNS, 10));
    const agents = await db.prisma.liveRating.count();
    table.push({
      'unrated ranked': have.toLocaleString('en'),
      'live agents': agents.toLocaleString('en'),
      'no-op check, ms': noop.toFixed(2),
      'first build, ms': first.toFixed(0),
      'rebuild after a result, ms': one.toFixed(1),
      'on read instead, ms': onRead.toFixed(1),
    });
  }
  console.log('medians:');
  console.table(table);
  const plan = await db.prisma.$queryRawUnsafe<{ 'QUERY PLAN': string }[]>(
    `EXPLAIN (ANALYZE) SELECT count(*), max(finished_at) FROM matches_unrated WHERE ruleset = 'original'`,
  );
  console.log(`the no-op check's count:\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`);
  // The same check on matches itself, as it was read before matches_unrated (through an index on
  // rating_period_id alone).
  await sql('CREATE INDEX matches_rating_period_id_idx ON matches (rating_period_id)');
  await sql('ANALYZE matches');
  const count = () =>
    db.prisma.$queryRaw`SELECT count(*), max(finished_at) FROM matches
      WHERE rating_period_id IS NULL AND ranked AND status = 'finished'`;
  console.log(
    `the no-op check's count on matches with an index on rating_period_id alone: ${(await time(count)).toFixed(1)} ms`,
  );
} finally {
  await db.drop();
}
