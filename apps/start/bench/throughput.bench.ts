// End-to-end throughput: stored four-seat matches per second with the API and a worker as separate processes
// (as docker-compose runs them: apps/start/src/server.ts and apps/worker/src/main.ts) on a scratch database
// and Redis prefix. Rows (throughput-rows.ts): house bots casual, ranked, and queued through the API's
// POST /v1/matches; loopback HTTP agents (historyMode delta, wantsPrompt false, one small server in its own
// process) casual, and ranked as the ladder's matchmaker forms them from queued agents (twice the seats
// the workers run at once). Meanwhile a reader hits the leaderboard, the match list and an agent profile,
// and the API's read latency (p50/p99) is printed; at the end, what the stored matches cost in Postgres
// (storage-report.ts).
// Run: npm run bench -w @coup/start
//   BENCH_WINDOW_S (default 20: the measured window per row), BENCH_WARMUP_S (3),
//   BENCH_FIRST_WARMUP_S (20: before the first row, while the new processes warm up),
//   WORKER_CONCURRENCY and WORKER_NICE (default: the platform's), BENCH_WORKERS (worker processes, default:
//   one per core as npm start runs; 0: the worker inside the API process, to compare with),
//   BENCH_ROWS (default house,house-ranked,house-api,http,http-ranked; idle: reads only),
//   BENCH_BACKLOG (default 500000 with every row, 0 with BENCH_ROWS: then the house row again while the
//   rating closer works through that many, measured for BENCH_BACKLOG_WINDOW_S, default 60),
//   BENCH_BACKLOG_RULESET (default inquisitors: a ladder whose closer was out for 20 days; original after
//   a ranked row: a bulk load of results older than its last closed period, all rated as one period),
//   BENCH_SEED_CHECKPOINT=0 (no CHECKPOINT after the backlog's seed), BENCH_BACKLOG_SLICE_S (default 10:
//   the backlog window in slices with the closer at work and held in turn, the held ones the reference;
//   0: one window, compared with the house row only),
//   BENCH_VERBOSE=1 (the processes' output),
//   BENCH_PROF=<dir> (CPU profiles of the API, worker and agent processes)
import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { QUEUE } from '@coup/gateway';
import type { MatchJob } from '@coup/gateway';
import { repoRoot } from '@coup/db';
import { cpuSeconds, startTsxProcess } from '@coup/devstack';
import type { StartedProcess } from '@coup/devstack';
import { createTestDatabase } from '@coup/db/testing';
import type { TestDatabase } from '@coup/db/testing';
import { seedBacklog } from './backlog-seed';
import { closerSlices } from './closer-slices';
import { benchCpuSeconds, boxCpuLine, redisCpuSeconds } from './box-cpu';
import { cpuSince, postgresCostLine, postgresSnapshot } from './postgres-cost';
import { storageReport } from './storage-report';
import { ROW_NAMES, UNRATED_BACKLOG as BACKLOG, rowFeeder, setUpRows } from './throughput-rows';
import { WORKER_MAIN, WORKER_NODE_FLAGS } from '../src/worker-child';

const WINDOW_S = Number(process.env.BENCH_WINDOW_S ?? 20);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 3);
/**
 * Before the first row the processes have only just started, and for their first ~20 s they spend a third
 * more CPU per match (JIT tiers, heap growth): the http row alone stored 65.7 matches/s after 3 s of warm-up
 * and 92.2 after 20 s, in the same hour. A platform runs for hours, so the first row warms up longer.
 */
const FIRST_WARMUP_S = Number(process.env.BENCH_FIRST_WARMUP_S ?? 20);
/** Worker processes (BENCH_WORKERS, default 1); each runs WORKER_CONCURRENCY matches at once. 0: the API
 * process runs the worker (RUN_WORKER=true), as `npm start` with WORKER_IN_PROCESS=true does. */
const WORKERS = Math.max(0, Number(process.env.BENCH_WORKERS ?? availableParallelism()));
const ROWS = (process.env.BENCH_ROWS ?? ROW_NAMES.join(',')).split(',');
const BACKLOG_RULESET = process.env.BENCH_BACKLOG_RULESET ?? 'inquisitors';
if (!['original', 'inquisitors'].includes(BACKLOG_RULESET)) {
  console.error(`BENCH_BACKLOG_RULESET: unknown ${BACKLOG_RULESET} (known: original, inquisitors)`);
  process.exit(2);
}
/**
 * In `original`, behind the ranked rows' closed periods, the backlog is a late bulk load: one period rated
 * in one transaction, which holds the ratings lock throughout and shows nothing before it commits.
 */
const LATE_LOAD = BACKLOG_RULESET === 'original';
const unknownRows = ROWS.filter((r) => !(ROW_NAMES as readonly string[]).includes(r) && r !== 'idle');
if (unknownRows.length > 0) {
  console.error(`BENCH_ROWS: unknown ${unknownRows.join(', ')} (known: idle, ${ROW_NAMES.join(', ')})`);
  process.exit(2);
}
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/**
 * The backlog row's window: a backlog lasts minutes to hours, and its closer thread compiles its code for
 * seconds when it starts, which a 20 s window weighs as much as the steady state (DESIGN, the backlog).
 */
const BACKLOG_WINDOW_S = Number(process.env.BENCH_BACKLOG_WINDOW_S ?? 60);
/** The backlog row's slices, closer at work and held in turn (closer-slices.ts); 0: one window. */
const BACKLOG_SLICE_S = Number(process.env.BENCH_BACKLOG_SLICE_S ?? 10);
const here = path.dirname(fileURLToPath(import.meta.url));

type Proc = StartedProcess;

/** A child process (tsx) of the repository, resolved once a line of its output matches `ready`. */
function start(
  file: string,
  env: Record<string, string>,
  ready: RegExp,
  o: { args?: string[]; nodeArgs?: readonly string[] } = {},
) {
  // BENCH_PROF=<dir>: every process writes a CPU profile there (node --cpu-prof) when it exits.
  const prof = process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : [];
  return startTsxProcess(file, {
    env,
    ready,
    args: o.args ?? [],
    cwd: repoRoot,
    nodeArgs: [...(o.nodeArgs ?? []), ...prof],
    echo: process.env.BENCH_VERBOSE === '1',
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number) : NaN;

/** Reads the API keeps answering while matches run: round robin over three read endpoints. */
function reader(
  base: string,
  paths: string[],
): { stop: () => Promise<{ all: number[]; byPath: number[][] }> } {
  const byPath: number[][] = paths.map(() => []);
  let running = true;
  const loop = (async () => {
    let i = 0;
    while (running) {
      const k = i++ % paths.length;
      const p = paths[k] as string;
      const t = performance.now();
      const res = await fetch(base + p);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`GET ${p}: ${res.status}`);
      byPath[k]?.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  return {
    stop: async () => {
      running = false;
      await loop;
      return { all: sorted(byPath.flat()), byPath: byPath.map(sorted) };
    },
  };
}

async function unratedCount(db: TestDatabase): Promise<number> {
  const rows = await db.prisma.$queryRawUnsafe<{ n: bigint }[]>(
    'SELECT count(*)::bigint AS n FROM matches_unrated',
  );
  return Number(rows[0]?.n ?? 0);
}

/** Waits (up to 60 s) until the closer has rated some of the `seeded` backlog. */
async function closerStarted(db: TestDatabase, seeded: number): Promise<void> {
  const t = performance.now();
  while ((await unratedCount(db)) >= seeded && performance.now() - t < 60_000) {
    await new Promise((r) => setTimeout(r, 500));
  }
  console.log(`backlog: the closer started ${((performance.now() - t) / 1000).toFixed(1)} s after play`);
}

async function finishedCount(db: TestDatabase): Promise<number> {
  const rows = await db.prisma.$queryRawUnsafe<{ n: bigint }[]>(
    "SELECT count(*)::bigint AS n FROM matches WHERE status = 'finished'",
  );
  return Number(rows[0]?.n ?? 0);
}

async function main() {
  const db = await createTestDatabase();
  const prefix = `bench${randomBytes(4).toString('hex')}`;
  const adminKey = `ak_${randomBytes(16).toString('hex')}`;
  const env: Record<string, string> = {
    DATABASE_URL: db.url,
    REDIS_URL,
    QUEUE_PREFIX: prefix,
    ADMIN_KEY: adminKey,
    SECRET_KEY: randomBytes(32).toString('hex'),
    PORT: '0',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000000',
    MAX_ACTIVE_MATCHES_PER_ACCOUNT: '100000000',
    AGENT_ADDRESSES: 'private',
    DEMO_MATCHES: '0',
    // The ranked HTTP row: the matchmaker forms matches every 200 ms from agents of one bench account.
    MATCHMAKER_INTERVAL_MS: '200',
    MAX_SEATS_PER_OWNER: '4',
    MAX_AGENTS_PER_ACCOUNT: '1000',
    // One-minute rating periods: ranked rows are rated as they run, and a backlog spans many periods.
    RATING_PERIOD_MS: '60000',
  };
  const procs: Proc[] = [];
  const closers: (() => Promise<void>)[] = [];
  const redis = new Redis(REDIS_URL);
  try {
    const apiProc = await start(
      'apps/start/src/server.ts',
      { ...env, RUN_WORKER: WORKERS === 0 ? 'true' : 'false' },
      /listening at (http:\/\/\S+)/,
    );
    procs.push(apiProc);
    const base = (apiProc.match[1] as string)
      .replace('0.0.0.0', '127.0.0.1')
      .replace('localhost', '127.0.0.1');
    const workers: Awaited<ReturnType<typeof start>>[] = [];
    for (let i = 0; i < WORKERS; i++) {
      const w = await start(
        WORKER_MAIN,
        { ...env, PUBLIC_URL: base },
        /worker \d+ running \(concurrency (\d+), nice (\d+)\)/,
        // The flags every launcher gives a worker (npm start, docker-compose).
        { nodeArgs: WORKER_NODE_FLAGS },
      );
      procs.push(w);
      workers.push(w);
    }
    // Inline (BENCH_WORKERS=0), the worker's CPU is the API process's: the per-CPU figure counts both.
    const workersCpu = () =>
      WORKERS === 0
        ? cpuSeconds(apiProc.child.pid)
        : workers.reduce((n, w) => n + cpuSeconds(w.child.pid), 0);
    const concurrency = workers[0]?.match[1] ?? process.env.WORKER_CONCURRENCY ?? 'default';
    const processes =
      WORKERS === 0 ? 'the worker inside the API process' : `API and ${WORKERS} worker process(es)`;
    console.log(
      `throughput: ${processes}, worker concurrency ${concurrency}, nice ${workers[0]?.match[2] ?? 0}, ` +
        `${availableParallelism()} cores, load ${loadavg()[0]?.toFixed(1)}, window ${WINDOW_S} s, ` +
        `warm-up ${FIRST_WARMUP_S} s (first row) and ${WARMUP_S} s`,
    );

    const matchQueue = new Queue<MatchJob>(QUEUE.matches, { connection: { url: REDIS_URL }, prefix });
    closers.push(() => matchQueue.close());
    const agentProcs: Proc[] = [];
    const agentsCpu = () => agentProcs.reduce((n, p) => n + cpuSeconds(p.child.pid), 0);
    const startAgentServer = async () => {
      const server = await start(path.join(here, 'agent-server.ts'), {}, /(http:\/\/\S+)/);
      procs.push(server);
      agentProcs.push(server);
      return server.match[1] as string;
    };
    const slots = Math.max(1, WORKERS) * (Number(concurrency) || 8);
    const rows = await setUpRows(ROWS, { base, adminKey, prefix, startAgentServer, slots });
    const houseSeats = rows.houseSeats;
    const readPaths = ['/v1/leaderboard', '/v1/matches?limit=20', `/v1/agents/${houseSeats[0]}`];

    const rates = new Map<string, number>();
    for (const [rowIndex, row] of rows.list.entries()) {
      if (row.label === 'house-backlog') {
        // What the rows so far stored, before 500,000 rows seeded in bulk would swamp the figures.
        for (const line of await storageReport(db)) console.log(line);
        const t = performance.now();
        const [owner] = await db.prisma.$queryRawUnsafe<{ id: string }[]>('SELECT id FROM accounts LIMIT 1');
        await seedBacklog(db, owner?.id as string, BACKLOG, { ruleset: BACKLOG_RULESET });
        console.log(
          `backlog: ${BACKLOG.toLocaleString('en')} unrated ranked matches seeded in ${((performance.now() - t) / 1000).toFixed(0)} s, over 20 days of ${Number(env.RATING_PERIOD_MS) / 1000} s rating periods`,
        );
      }
      // Keep a backlog the worker never drains: the figure is the platform's pace, not the queueing's.
      const feeder = rowFeeder(row, { db, base, adminKey, matchQueue });
      await feeder.begin();
      // The backlog row's window starts once the closer is at work (its first tick starts its thread).
      if (row.label === 'house-backlog' && !LATE_LOAD) await closerStarted(db, BACKLOG);
      await new Promise((r) => setTimeout(r, (rowIndex === 0 ? FIRST_WARMUP_S : WARMUP_S) * 1000));
      const u0 = row.label === 'house-backlog' ? await unratedCount(db) : null;
      const read = reader(base, readPaths);
      const t0 = performance.now();
      const c0 = await finishedCount(db);
      const w0 = workersCpu();
      const a0 = cpuSeconds(apiProc.child.pid);
      const g0 = agentsCpu();
      const r0 = await redisCpuSeconds(redis);
      const b0 = benchCpuSeconds();
      const pg0 = await postgresSnapshot(db);
      // The backlog row alternates slices with the closer at work and held (closer-slices.ts), but for a
      // late bulk load (LATE_LOAD: the bench could not hold a closer that holds the lock throughout).
      const sliced = row.label === 'house-backlog' && BACKLOG_SLICE_S > 0 && !LATE_LOAD;
      const slices = sliced
        ? await closerSlices(db, {
            windowMs: BACKLOG_WINDOW_S * 1000,
            sliceMs: BACKLOG_SLICE_S * 1000,
            stored: () => finishedCount(db),
          })
        : null;
      if (!sliced) {
        await new Promise((r) =>
          setTimeout(r, (row.label === 'house-backlog' ? BACKLOG_WINDOW_S : WINDOW_S) * 1000),
        );
      }
      const pg1 = await postgresSnapshot(db);
      const c1 = await finishedCount(db);
      const seconds = (performance.now() - t0) / 1000;
      const workerCpu = workersCpu() - w0;
      const apiCpu = cpuSeconds(apiProc.child.pid) - a0;
      const agentCpu = agentsCpu() - g0;
      const redisCpu = (await redisCpuSeconds(redis)) - r0;
      const benchCpu = benchCpuSeconds() - b0;
      const { all: lat, byPath } = await read.stop();
      await feeder.end();
      const rate = (c1 - c0) / seconds;
      rates.set(row.label, rate);
      const pending = u0 === null ? null : await unratedCount(db);
      const logKeys = (await redis.keys(`${prefix}:match:*:log`)).length;
      const mem = (await redis.info('memory')).match(/used_memory:(\d+)/)?.[1];
      console.log(
        `${row.label.padEnd(12)} stored ${rate.toFixed(1)} four-seat matches/s (${c1 - c0} in ${seconds.toFixed(1)} s)` +
          ` · ${((c1 - c0) / workerCpu).toFixed(1)} matches per worker CPU-second (worker ${(workerCpu / seconds).toFixed(2)} cores,` +
          ` API ${(apiCpu / seconds).toFixed(2)} cores` +
          (agentProcs.length > 0 ? `, HTTP agents ${(agentCpu / seconds).toFixed(2)} cores)` : ')') +
          ` · reads p50 ${percentile(lat, 0.5).toFixed(1)} ms p99 ${percentile(lat, 0.99).toFixed(1)} ms (${lat.length} reads)` +
          ` · live logs in Redis ${logKeys}, Redis used_memory ${(Number(mem) / 1e6).toFixed(1)} MB`,
      );
      console.log(`${''.padEnd(12)} ${postgresCostLine(pg0, pg1, c1 - c0)}`);
      const parts: Record<string, number> = { workers: workerCpu, API: apiCpu };
      if (agentProcs.length > 0) parts['HTTP agents'] = agentCpu;
      Object.assign(parts, { Postgres: cpuSince(pg0.cpu, pg1.cpu), Redis: redisCpu, bench: benchCpu });
      console.log(`${''.padEnd(12)} ${boxCpuLine(parts, c1 - c0)}`);
      if (pending !== null && slices) {
        const working = slices.working.matches / slices.working.seconds;
        const held = slices.held.matches / slices.held.seconds;
        const house = rates.get('house');
        console.log(
          `${''.padEnd(12)} in ${BACKLOG_SLICE_S} s slices: closer at work ${working.toFixed(1)} matches/s` +
            ` (${slices.working.seconds.toFixed(0)} s; ${(u0! - pending).toLocaleString('en')} rated,` +
            ` ${((u0! - pending) / slices.working.seconds).toFixed(0)}/s; ${pending.toLocaleString('en')} still unrated),` +
            ` held ${held.toFixed(1)} (${slices.held.seconds.toFixed(0)} s):` +
            ` ${((working / held) * 100).toFixed(0)}% of play's pace with the closer held (goal >= 90%)` +
            (house ? `; ${((working / house) * 100).toFixed(0)}% of the house row's` : ''),
        );
      } else if (pending !== null) {
        const house = rates.get('house');
        console.log(
          `${''.padEnd(12)} while the closer rates the backlog (${(u0! - pending).toLocaleString('en')} rated in the window,` +
            ` ${((u0! - pending) / seconds).toFixed(0)}/s; ${pending.toLocaleString('en')} still unrated)` +
            (house ? `: ${((rate / house) * 100).toFixed(0)}% of the house row's pace (goal >= 90%)` : ''),
        );
      }
      console.log(
        `${''.padEnd(12)} reads p50/p99 by path: ` +
          readPaths
            .map((p, k) => {
              const l = byPath[k] ?? [];
              return `${p.replace(/ag_\w+/, ':id')} ${percentile(l, 0.5).toFixed(1)}/${percentile(l, 0.99).toFixed(1)} ms`;
            })
            .join(', '),
      );
      // Let the backlog drain before the next row (it would count for the next one otherwise).
      await db.prisma.match.updateMany({
        where: { status: 'queued' },
        data: { status: 'aborted', abortReason: 'bench over' },
      });
      await matchQueue.drain(true);
      await new Promise((r) => setTimeout(r, 1500));
    }
    if (!rates.has('house-backlog')) for (const line of await storageReport(db)) console.log(line);
  } finally {
    for (const c of closers) await c();
    for (const p of procs.reverse()) await p.stop();
    const left = await redis.keys(`${prefix}:*`);
    for (let i = 0; i < left.length; i += 500) await redis.del(...left.slice(i, i + 500));
    redis.disconnect();
    await db.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
