// Read latency with a big table, cold, over HTTP, under concurrency: `npm run bench -w @coup/api`.
// Goal (issue 23): every read at p99 < 50 ms with 8 clients in flight, 1M realistic four-seat matches stored,
// rows not cached. Seeds a scratch database (dropped at the end; reads-seed.ts) with BENCH_MATCHES (default
// 1,000,000) matches as the worker stores them: a packed replay and seat statistics on every seat. Then cools
// the caches (BENCH_COOL: `restart` restarts the local Postgres cluster and drops the kernel's page cache,
// the default; `drop` drops the page cache only; `none`), starts the API as a process of its own
// (api-main.ts) and drives it over HTTP with BENCH_CLIENTS (8) closed-loop clients, BENCH_REQUESTS (1,000)
// requests per route, the routes interleaved, over ids drawn at random from the whole table (each match read
// once). A short warm-up on other ids first (the API's JIT and connection pool, not the rows measured).
// Prints p50/p99/max per route, the bytes per stored match and the load average.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
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

const random = seededRandom(`reads-bench/${MATCHES}`);
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
async function startApiProcess(databaseUrl: string, prefix: string) {
  // BENCH_PROF=<dir>: the API process writes a CPU profile there (node --cpu-prof) when it exits.
  const prof = process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : [];
  const proc = await startTsxProcess(fileURLToPath(new URL('./api-main.ts', import.meta.url)), {
    cwd: repoRoot,
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
let api: Awaited<ReturnType<typeof startApiProcess>> | undefined;
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
  api = await startApiProcess(db.url, prefix);
  const base = api.url;
  // Distinct match numbers: the first ones warm up, the rest are measured; none is read twice.
  const numbers = shuffle(
    Array.from({ length: MATCHES }, (_, i) => i + 1),
    random,
  );
  let taken = 0;
  const nextId = () => numbers[taken++ % numbers.length] as number;
  await runLoad(base, jobs(WARMUP, nextId), CLIENTS);
  const before = load();
  const cpu0 = cpuSeconds(api.pid);
  const t1 = performance.now();
  const measured = jobs(REQUESTS, nextId);
  const results = await runLoad(base, measured, CLIENTS);
  const secs = (performance.now() - t1) / 1000;
  const apiCpuMs = ((cpuSeconds(api.pid) - cpu0) * 1000) / measured.length;
  let over = 0;
  const table = results.map(({ route, ms }) => {
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
  console.log(
    `\n${measured.length.toLocaleString('en')} requests over HTTP in ${secs.toFixed(1)} s ` +
      `(${(measured.length / secs).toFixed(0)}/s), ${CLIENTS} clients in flight, ` +
      `${MATCHES.toLocaleString('en')} matches, ${taken.toLocaleString('en')} distinct matches read ` +
      `(goal: p99 < ${GOAL_MS} ms); the API process used ${apiCpuMs.toFixed(2)} ms of CPU per request:`,
  );
  console.table(table);
  console.log(over === 0 ? 'every read meets the goal' : `${over} route(s) over the goal`);
  console.log(`load average (1, 5, 15 min): ${before} before, ${load()} after, on ${cpus().length} cores`);
} finally {
  await api?.stop();
  await deleteKeys(prefix).catch(() => undefined);
  if (process.env.BENCH_KEEP === '1' || reuse) console.log(`kept the database: ${db.url}`);
  // The seeding client was closed when Postgres restarted: drop through a fresh one.
  else
    await db.drop().catch(async () => {
      const admin = createPrisma(db.url.replace(`/${db.name}`, '/postgres'));
      await admin.$executeRawUnsafe(`DROP DATABASE IF EXISTS "${db.name}" WITH (FORCE)`);
      await admin.$disconnect();
    });
}
