// One pass of the ranked matchmaker (matchmakerPass: the faulty-agent check, the queued agents with their
// busy seats, recent games and last match, formMatches, the matches' rows and their jobs) on the real
// Postgres and Redis, with the queued agents' ranked history of the last day behind them: a ladder that has
// been running, not an empty one. For each history size in BENCH_HISTORY (ranked four-seat matches of the
// last day among the queued agents, default 0, 100,000 and 1,000,000), BENCH_PASSES passes (default 40),
// each after the last pass's matches have finished (so every agent is idle again): per pass, the wall time,
// this process's CPU (the worker's share: nothing else runs here) and the CPU of the database's Postgres
// processes, and the matches formed. A pass's cost should not grow with the ladder's history.
// Run: npx tsx apps/start/bench/matchmaker-pass.bench.ts (BENCH_AGENTS queued agents, default 64, each of
// an owner of its own as the one-owner rule wants, like the throughput bench's ranked HTTP row).
import { Queue } from 'bullmq';
import { createTestDatabase } from '@coup/db/testing';
import type { TestDatabase } from '@coup/db/testing';
import { QUEUE } from '@coup/gateway';
import type { MatchJob } from '@coup/gateway';
import { matchmakerPass } from '@coup/worker';
import { seedFinishedRanked } from './backlog-seed';
import { cpuSince, postgresCpuByPid } from './postgres-cost';

const AGENTS = Number(process.env.BENCH_AGENTS ?? 64);
const PASSES = Number(process.env.BENCH_PASSES ?? 40);
const SIZES = (process.env.BENCH_HISTORY ?? '0,100000,1000000').split(',').map(Number);
const REDIS_URL = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');

const agentId = (i: string) => `'ag_p' || lpad((${i})::text, 5, '0')`;

async function seedAgents(db: TestDatabase): Promise<void> {
  await db.prisma.$executeRawUnsafe(`INSERT INTO accounts (id, name, api_key_hash, api_key_prefix)
    SELECT 'acc_p' || i, 'bench-' || i, md5(i::text), 'x' FROM generate_series(0, ${AGENTS - 1}) i`);
  await db.prisma.$executeRawUnsafe(`INSERT INTO agents (id, owner_id, name, transport, endpoint_url,
      secret_hash, secret_enc, updated_at, in_queue, queue_joined_at)
    SELECT ${agentId('i')}, 'acc_p' || i, 'bench-' || i, 'http', 'http://127.0.0.1:9/', md5(i::text), 'x',
      now(), true, now() - interval '2 days'
    FROM generate_series(0, ${AGENTS - 1}) i`);
}

/** Matches `from`..`to` - 1 of the history: finished ranked four-seat matches spread over the last 23 hours. */
async function seedHistory(db: TestDatabase, from: number, to: number, total: number): Promise<void> {
  await seedFinishedRanked(db, {
    from,
    to: to - 1,
    slice: 200_000,
    tag: 'h',
    pad: 9,
    at: `now() - interval '23 hours' + i * (interval '23 hours' / ${total})`,
    agent: agentId(`(i * 4 + s * 17) % ${AGENTS}`),
  });
}

/** The pass's matches end, as if played: every agent is idle for the next pass. */
async function finish(db: TestDatabase, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.prisma.$executeRaw`UPDATE match_seats SET place = seat + 1 WHERE match_id = ANY(${ids})`;
  await db.prisma.$executeRaw`UPDATE matches SET status = 'finished', attempts = 1, started_at = now(),
    finished_at = now() WHERE id = ANY(${ids})`;
}

const db = await createTestDatabase();
const prefix = `bench-mm-${Date.now().toString(36)}`;
const matchQueue = new Queue<MatchJob>(QUEUE.matches, {
  connection: { host: REDIS_URL.hostname, port: Number(REDIS_URL.port || 6379) },
  prefix,
});
try {
  await seedAgents(db);
  console.log(`matchmaker pass: ${AGENTS} queued agents, ${PASSES} passes per history size`);
  let seeded = 0;
  const walls: number[] = [];
  for (const size of SIZES) {
    if (size > seeded) await seedHistory(db, seeded, size, Math.max(...SIZES));
    seeded = Math.max(seeded, size);
    // A running ladder's tables have statistics (autovacuum analyzes them; it is off on the CI machines).
    if (size > 0) await db.prisma.$executeRawUnsafe('ANALYZE');
    // Passes unmeasured first: the statements' plans and this process's JIT.
    for (let i = 0; i < 20; i++)
      await finish(db, await matchmakerPass(db.prisma, { matchQueue, timeoutMs: 5000 }));
    let wall = 0;
    let cpu = 0;
    let pg = 0;
    let formed = 0;
    for (let i = 0; i < PASSES; i++) {
      const pg0 = await postgresCpuByPid(db);
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      const ids = await matchmakerPass(db.prisma, { matchQueue, timeoutMs: 5000 });
      wall += performance.now() - t0;
      const used = process.cpuUsage(cpu0);
      cpu += (used.user + used.system) / 1000;
      pg += cpuSince(pg0, await postgresCpuByPid(db)) * 1000;
      formed += ids.length;
      await finish(db, ids);
    }
    walls.push(wall / PASSES);
    const per = (x: number) => (x / PASSES).toFixed(2);
    console.log(
      `  history ${size.toLocaleString('en-US')} matches of the last day: ${per(wall)} ms a pass, ` +
        `worker CPU ${per(cpu)} ms, Postgres CPU ${per(pg)} ms, ${(formed / PASSES).toFixed(1)} matches a pass ` +
        `(worker ${(cpu / formed).toFixed(3)} ms and Postgres ${(pg / formed).toFixed(3)} ms a match)`,
    );
  }
  if (walls.length > 1) {
    const ratio = (walls[walls.length - 1] as number) / (walls[0] as number);
    console.log(
      `  a pass at the largest history takes ${ratio.toFixed(2)}x its time at the smallest (goal: flat)`,
    );
  }
} finally {
  await matchQueue.obliterate({ force: true }).catch(() => undefined);
  await matchQueue.close();
  await db.drop();
}
