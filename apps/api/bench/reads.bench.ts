// Read latency with a big table, cold, over HTTP, under concurrency: `npm run bench -w @coup/api`.
// Goal (issue 23): every read at p99 < 50 ms with 8 clients in flight, 1M realistic four-seat matches stored,
// rows not cached. Seeds a scratch database (dropped at the end; reads-seed.ts) with BENCH_MATCHES (default
// 1,000,000) matches as the worker stores them: a packed replay and seat statistics on every seat. Then cools
// the caches (BENCH_COOL: `restart` restarts the local Postgres cluster and drops the kernel's page cache,
// the default; `drop` drops the page cache only; `none`), starts the API as a process of its own
// (api-main.ts) and drives it over HTTP with BENCH_CLIENTS (8) closed-loop clients, BENCH_REQUESTS (1,000)
// requests per route, the routes interleaved, over ids drawn at random from the whole table (each match read
// once). A short warm-up on other ids first (the API's JIT and connection pool, not the rows measured).
// Prints p50/p99/max per route, the CPU per request of the API process and of its Postgres connections, the
// bytes per stored match and the load average. BENCH_BASE=<another checkout, npm ci done>: its API runs too,
// on the same database, and the two are measured in alternating blocks (a before/after ratio from one run).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { createPrisma, repoRoot } from '@coup/db';
import type { PrismaClient } from '@coup/db';
import { createTestDatabase } from '@coup/db/testing';
import { cpuSeconds, startTsxProcess } from '@coup/devstack';
import { seededRandom, shuffle } from '@coup/random';
import { deleteKeys, REDIS_URL } from '../src/testing/index.ts';
import { percentile, runLoad } from './http-load.ts';
import type { Job } from './http-load.ts';
import { agentId, matchId, seedReads, seedSizes } from './reads-seed.ts';

const MATCHES = Number(process.env.BENCH_MATCHES ?? 1_000_000);
const AGENTS = Number(process.env.BENCH_AGENTS ?? 3_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1_000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 30);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const COOL = process.env.BENCH_COOL ?? 'restart';
const GOAL_MS = 50;
/** Another checkout of the project (its node_modules installed) whose API is measured in turn with this one. */
const BASE = process.env.BENCH_BASE;
/** Rounds (one request per route each) in a block of BENCH_BASE's alternation. */
const BLOCK = Number(process.env.BENCH_BLOCK ?? (BASE ? 25 : REQUESTS));

// BENCH_SEED: other matches, agents and pages than the last run's (Postgres keeps what it read last time in
// its shared buffers unless it is restarted).
const random = seededRandom(
  `reads-bench/${MATCHES}${process.env.BENCH_SEED ? `/${process.env.BENCH_SEED}` : ''}`,
);
const below = (n: number) => Math.floor(random() * n);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

/** A keyset cursor (as the API encodes them) just after seeded match i. */
const cursorAt = (i: number) =>
  Buffer.from(
    JSON.stringify({
      t: new Date(Date.parse('2026-01-01T00:00:00Z') + i * 1000).toISOString(),
      id: matchId(i),
    }),
  ).toString('base64url');

/** `n` jobs per route; `ids` hands out distinct match numbers, so no match row is read twice. */
function jobs(n: number, ids: () => number): Job[] {
  const out: Job[] = [];
  for (let k = 0; k < n; k++) {
    const agent = agentId(below(AGENTS));
    out.push(
      { route: '/v1/matches/:id', path: `/v1/matches/${matchId(ids())}` },
      { route: '/v1/matches/:id/replay', path: `/v1/matches/${matchId(ids())}/replay` },
      { route: '/v1/matches', path: '/v1/matches' },
      { route: '/v1/matches?cursor=<random>', path: `/v1/matches?cursor=${cursorAt(ids())}` },
      { route: '/v1/matches?agent=<random>', path: `/v1/matches?agent=${agent}` },
      {
        route: '/v1/matches?agent=&cursor=<random>',
        path: `/v1/matches?agent=${agentId(below(AGENTS))}&cursor=${cursorAt(ids())}`,
      },
      { route: '/v1/agents/:id', path: `/v1/agents/${agent}` },
      { route: '/v1/leaderboard', path: '/v1/leaderboard' },
    );
  }
  return shuffle(out, random);
}

/** Empties the caches between the rows and the reads, as far as this machine allows; says what it did. */
async function cool(prisma: PrismaClient): Promise<string> {
  if (COOL === 'none') return 'not cooled (BENCH_COOL=none)';
  const done: string[] = [];
  if (COOL === 'restart') {
    const [v] = await prisma.$queryRawUnsafe<{ major: number; local: boolean }[]>(
      `SELECT current_setting('server_version_num')::int / 10000 AS major,
        coalesce(inet_server_addr() <<= '127.0.0.0/8'::inet, true) AS local`,
    );
    await prisma.$disconnect();
    if (!v?.local) done.push('Postgres not restarted (not a local server)');
    else {
      try {
        execFileSync('pg_ctlcluster', [String(v.major), 'main', 'restart'], { stdio: 'pipe' });
        done.push(`Postgres ${v.major} restarted (shared_buffers empty)`);
      } catch (err) {
        done.push(`Postgres restart failed (${String(err).split('\n')[0]})`);
      }
    }
  }
  try {
    execFileSync('sync');
    writeFileSync('/proc/sys/vm/drop_caches', '3');
    done.push('kernel page cache dropped (echo 3 > /proc/sys/vm/drop_caches)');
  } catch (err) {
    done.push(`page cache not dropped (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  return done.join('; ');
}

/** The API as a process of its own on the scratch database; resolves once it listens. */
async function startApiProcess(databaseUrl: string, prefix: string, root = repoRoot) {
  // BENCH_PROF=<dir>: the API process writes a CPU profile there (node --cpu-prof) when it exits.
  const prof = process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : [];
  const proc = await startTsxProcess(path.join(root, 'apps/api/bench/api-main.ts'), {
    cwd: root,
    nodeArgs: prof,
    env: {
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      QUEUE_PREFIX: prefix,
      ADMIN_KEY: `adm_bench_${randomBytes(16).toString('hex')}`,
      SECRET_KEY: process.env.SECRET_KEY ?? randomBytes(32).toString('hex'),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000000',
      DEMO_MATCHES: '0',
      MATCHMAKER_INTERVAL_MS: '3600000',
    },
    ready: /listening at http:\/\/[^:\s]+:(\d+)/,
    timeoutMs: 120_000,
    killAfterMs: 10_000,
  });
  return { ...proc, url: `http://127.0.0.1:${proc.match[1]}`, pid: proc.child.pid };
}

interface Side {
  label: string;
  api: Awaited<ReturnType<typeof startApiProcess>>;
  /** Its pool's connections seen while it was measured (application_name: its label). */
  backends: Set<number>;
  appName: string;
  times: Map<string, number[]>;
  apiCpu: number;
  pgCpu: number;
  secs: number;
  requests: number;
}

const sorted = (ms: number[]) => [...ms].sort((a, b) => a - b);

function report(side: Side): void {
  let over = 0;
  const table = [...side.times].map(([route, times]) => {
    const ms = sorted(times);
    const p99 = percentile(ms, 0.99);
    if (p99 >= GOAL_MS) over++;
    return {
      route,
      requests: ms.length,
      'p50 ms': percentile(ms, 0.5).toFixed(1),
      'p99 ms': p99.toFixed(1),
      'max ms': (ms[ms.length - 1] ?? NaN).toFixed(1),
      [`p99 < ${GOAL_MS}`]: p99 < GOAL_MS ? 'yes' : 'NO',
    };
  });
  const per = (s: number) => ((s * 1000) / side.requests).toFixed(2);
  console.log(
    `\n${side.label}: ${side.requests.toLocaleString('en')} requests over HTTP in ${side.secs.toFixed(1)} s ` +
      `(${(side.requests / side.secs).toFixed(0)}/s), ${CLIENTS} clients in flight, ` +
      `${MATCHES.toLocaleString('en')} matches, rows read once each (goal: p99 < ${GOAL_MS} ms); CPU per ` +
      `request: the API process ${per(side.apiCpu)} ms, its ${side.backends.size} Postgres connections ` +
      `${per(side.pgCpu)} ms:`,
  );
  console.table(table);
  console.log(over === 0 ? 'every read meets the goal' : `${over} route(s) over the goal`);
}

/** This checkout's figures over BENCH_BASE's, from the same interleaved run. */
function compare(a: Side, b: Side): void {
  const ratio = (x: number, y: number) => (x / y).toFixed(2);
  const q = (side: Side, route: string, p: number) => percentile(sorted(side.times.get(route) ?? []), p);
  console.log(`\n${a.label} / ${b.label}, same run (below 1: ${a.label} cheaper or faster):`);
  console.table(
    [...a.times.keys()].map((route) => ({
      route,
      'p50 ratio': ratio(q(a, route, 0.5), q(b, route, 0.5)),
      'p99 ratio': ratio(q(a, route, 0.99), q(b, route, 0.99)),
    })),
  );
  console.log(
    `CPU per request: API ${ratio(a.apiCpu / a.requests, b.apiCpu / b.requests)}, ` +
      `Postgres ${ratio(a.pgCpu / a.requests, b.pgCpu / b.requests)}`,
  );
}

/** BENCH_DATABASE_URL: a database a run with BENCH_KEEP=1 seeded (same BENCH_MATCHES and BENCH_AGENTS):
 * reused as it is, not seeded, never dropped; the API migrates it on start. */
const reuse = process.env.BENCH_DATABASE_URL;
const db = reuse
  ? {
      url: reuse,
      name: new URL(reuse).pathname.slice(1),
      prisma: createPrisma(reuse),
      drop: async () => undefined,
    }
  : await createTestDatabase();
const prefix = `benchreads_${randomBytes(4).toString('hex')}`;
type Api = Awaited<ReturnType<typeof startApiProcess>>;
const apis: Api[] = [];
try {
  const t0 = performance.now();
  if (!reuse) await seedReads(db.prisma, MATCHES, AGENTS);
  const sizes = await seedSizes(db.prisma);
  console.log(
    `${reuse ? 'reused' : 'seeded'} ${MATCHES.toLocaleString('en')} four-seat matches, ${AGENTS.toLocaleString('en')} agents in ` +
      `${((performance.now() - t0) / 1000).toFixed(0)} s: ${sizes.bytesPerMatch.toLocaleString('en')} bytes ` +
      `per match all-in (${Object.entries(sizes.byTable)
        .map(([t, b]) => `${t} ${b.toLocaleString('en')}`)
        .join(', ')}; heap, TOAST and indexes), replay ${sizes.replayBytes} B packed, seat stats ` +
      `${sizes.seatStatsBytes} B per seat`,
  );
  const cooled = await cool(db.prisma);
  console.log(`cache: ${cooled}`);
  // Distinct match numbers: the first ones warm up, the rest are measured; none is read twice.
  const numbers = shuffle(
    Array.from({ length: MATCHES }, (_, i) => i + 1),
    random,
  );
  let taken = 0;
  const nextId = () => numbers[taken++ % numbers.length] as number;
  // Each API's connections to the scratch database, named by application_name: their CPU is what Postgres
  // spends on its reads. Read per block, since a pool closes connections idle for 10 s (the first API's,
  // while the second one started: its Postgres CPU used to read as 0) and opens others.
  const stats = createPrisma(db.url);
  const connections = async (appName: string) =>
    (
      await stats.$queryRawUnsafe<{ pid: number }[]>(
        'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1',
        appName,
      )
    ).map((r) => r.pid);
  const sides: Side[] = [];
  const roots: [string, string][] = [
    ['this checkout', repoRoot],
    ...(BASE ? [['BENCH_BASE', BASE] as [string, string]] : []),
  ];
  for (const [label, root] of roots) {
    const appName = `reads-bench-${sides.length}`;
    const url = new URL(db.url);
    url.searchParams.set('application_name', appName);
    const api = await startApiProcess(url.toString(), `${prefix}${sides.length}`, root);
    apis.push(api);
    sides.push({
      label,
      api,
      backends: new Set(),
      appName,
      times: new Map(),
      apiCpu: 0,
      pgCpu: 0,
      secs: 0,
      requests: 0,
    });
  }
  // Warmed up once all are started (their JIT and connection pools, not the rows measured).
  for (const side of sides) await runLoad(side.api.url, jobs(WARMUP, nextId), CLIENTS);
  const before = load();
  // With BENCH_BASE, blocks of BENCH_BLOCK rounds go to each API in turn (the order alternating), so both
  // read cold rows under the same load: their ratio holds where the machine's noise does not.
  for (let done = 0, k = 0; done < REQUESTS; done += BLOCK, k++) {
    for (const side of k % 2 === 0 ? sides : [...sides].reverse()) {
      const block = jobs(Math.min(BLOCK, REQUESTS - done), nextId);
      const pgAt = async () =>
        new Map((await connections(side.appName)).map((pid) => [pid, cpuSeconds(pid)]));
      const pg0 = await pgAt();
      const [cpu0, t1] = [cpuSeconds(side.api.pid), performance.now()];
      for (const { route, ms } of await runLoad(side.api.url, block, CLIENTS))
        side.times.set(route, [...(side.times.get(route) ?? []), ...ms]);
      side.secs += (performance.now() - t1) / 1000;
      side.apiCpu += cpuSeconds(side.api.pid) - cpu0;
      // A connection opened during the block counts from 0; one closed during it is lost (rare: blocks are
      // ~1 s, the pool's idle timeout 10 s).
      for (const [pid, cpu] of await pgAt()) {
        const start = pg0.get(pid) ?? 0;
        if (!Number.isFinite(cpu) || !Number.isFinite(start)) continue;
        side.pgCpu += cpu - start;
        side.backends.add(pid);
      }
      side.requests += block.length;
    }
  }
  await stats.$disconnect();
  for (const side of sides) report(side);
  if (sides.length === 2) compare(sides[0] as Side, sides[1] as Side);
  console.log(`load average (1, 5, 15 min): ${before} before, ${load()} after, on ${cpus().length} cores`);
} finally {
  for (const [i, api] of apis.entries()) {
    await api.stop();
    await deleteKeys(`${prefix}${i}`).catch(() => undefined);
  }
  if (process.env.BENCH_KEEP === '1' || reuse) console.log(`kept the database: ${db.url}`);
  // The seeding client was closed when Postgres restarted: drop through a fresh one.
  else
    await db.drop().catch(async () => {
      const admin = createPrisma(db.url.replace(`/${db.name}`, '/postgres'));
      await admin.$executeRawUnsafe(`DROP DATABASE IF EXISTS "${db.name}" WITH (FORCE)`);
      await admin.$disconnect();
    });
}
