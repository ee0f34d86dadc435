// Postgres's side of storing matches (issue 23): four-seat results stored per second by storeMatchResult
// (one call of store_match_result each) from one client and from eight, ranked (the same three house agents
// in every match, one of them twice, as the throughput bench's house-ranked row) and casual, with a real
// replay and real seat statistics. No worker, no API: what the database alone sustains, and whether ranked
// stores sharing agents wait for each other (before the stats_pending migration they took turns on the
// agents' agent_stats rows). Then the dead rows the stores left in the tables they write.
// Run: npx tsx apps/api/bench/store.bench.ts (BENCH_STORES per case, default 1,500)
import { loadavg } from 'node:os';
import { createBot } from '@coup/bots';
import { matchResultOf, seatStats } from '@coup/competition';
import { insertMatch, storeMatchResult } from '@coup/db';
import { createTestDatabase } from '@coup/db/testing';
import { inProcessAgent, runMatch } from '@coup/runner';

const STORES = Number(process.env.BENCH_STORES ?? 1_500);

const db = await createTestDatabase();
try {
  const { prisma } = db;
  await prisma.$executeRawUnsafe(
    `INSERT INTO accounts (id, name, api_key_hash, api_key_prefix) VALUES ('acc_s', 'store-bench', 'h', 'k')`,
  );
  await prisma.$executeRawUnsafe(
    `INSERT INTO agents (id, owner_id, name, transport, endpoint_url, secret_hash, secret_enc, updated_at, is_house)
     SELECT 'ag_s' || i, 'acc_s', 'store-' || i, 'http', 'http://127.0.0.1:9/', md5('s' || i), 'x', now(), true
     FROM generate_series(0, 2) i`,
  );
  const lineup = ['ag_s0', 'ag_s1', 'ag_s2', 'ag_s0'];
  const kinds = ['heuristic', 'random', 'honest', 'heuristic'] as const;
  const replay = await runMatch({
    matchId: 'mt_store_template',
    seed: 'store-bench',
    agents: kinds.map((kind, seat) => {
      const bot = createBot(kind, { seed: `store-bench/${seat}` });
      return inProcessAgent(`house-${kind}-${seat}`, (req) => bot.decide(req));
    }),
  });
  const stats = seatStats(replay);
  for (const [ranked, clients] of [
    [true, 1],
    [true, 8],
    [false, 1],
    [false, 8],
  ] as const) {
    const ids: { id: string; seed: string }[] = [];
    for (let i = 0; i < STORES; i++) {
      const seed = `store-${ranked}-${clients}-${i}`;
      ids.push({ id: await insertMatch(prisma, { ranked, agentIds: lineup, timeoutMs: 5000, seed }), seed });
    }
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: clients }, async () => {
        for (let m = ids[next++]; m; m = ids[next++]) {
          const r = await storeMatchResult(prisma, m.id, matchResultOf(replay, { seed: m.seed, stats }));
          if (!r.stored) throw new Error(`${m.id} not stored`);
        }
      }),
    );
    const s = (performance.now() - t0) / 1000;
    console.log(
      `store ${ranked ? 'ranked' : 'casual'} x${clients}: ${(STORES / s).toFixed(0)} stored/s ` +
        `(${STORES} in ${s.toFixed(1)} s, load ${loadavg()[0]?.toFixed(1)})`,
    );
  }
  await prisma.$executeRawUnsafe('SELECT pg_stat_clear_snapshot()');
  await new Promise((r) => setTimeout(r, 1000)); // the statistics collector is asynchronous
  const dead = await prisma.$queryRawUnsafe<
    { t: string; live: number; dead: number; hot: number; upd: number }[]
  >(
    `SELECT relname AS t, n_live_tup::int AS live, n_dead_tup::int AS dead, n_tup_hot_upd::int AS hot,
            n_tup_upd::int AS upd
     FROM pg_stat_user_tables WHERE n_tup_ins + n_tup_upd + n_tup_del > 0 ORDER BY relname`,
  );
  for (const r of dead) {
    console.log(`  ${r.t.padEnd(22)} ${r.live} live, ${r.dead} dead rows, ${r.upd} updates (${r.hot} HOT)`);
  }
} finally {
  await db.drop();
}
