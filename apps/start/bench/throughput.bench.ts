// End-to-end throughput: stored four-seat matches per second with the API and a worker as separate processes
// (as docker-compose runs them: apps/start/src/server.ts and apps/worker/src/main.ts) on a scratch database
// and Redis prefix, first with house bots, then with four loopback HTTP agents (historyMode delta,
// wantsPrompt false, one small server in its own process). Meanwhile a reader hits the leaderboard, the
// match list and an agent profile, and the API's read latency (p50/p99) is printed.
// Run: npm run bench -w @coup/start
//   BENCH_WINDOW_S (default 20: the measured window per row), BENCH_WARMUP_S (3),
//   WORKER_CONCURRENCY and WORKER_NICE (default: the platform's), BENCH_WORKERS (worker processes, default 1;
//   0: the worker runs inside the API process, to compare with), BENCH_ROWS (house,http; idle: reads only),
//   BENCH_VERBOSE=1 (the processes' output),
//   BENCH_PROF=<dir> (CPU profiles of the API, worker and agent processes)
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { QUEUE } from '@coup/gateway';
import type { MatchJob } from '@coup/gateway';
import { enqueueMatch } from '@coup/competition';
import { insertMatch, repoRoot } from '@coup/db';
import { createTestDatabase } from '@coup/db/testing';
import type { TestDatabase } from '@coup/db/testing';

const WINDOW_S = Number(process.env.BENCH_WINDOW_S ?? 20);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 3);
/** Worker processes (BENCH_WORKERS, default 1); each runs WORKER_CONCURRENCY matches at once. 0: the API
 * process runs the worker (RUN_WORKER=true), as `npm start` with WORKER_IN_PROCESS=true does. */
const WORKERS = Math.max(0, Number(process.env.BENCH_WORKERS ?? 1));
const ROWS = (process.env.BENCH_ROWS ?? 'house,http').split(',');
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const here = path.dirname(fileURLToPath(import.meta.url));

interface Proc {
  child: ChildProcess;
  out: () => string;
  stop: () => Promise<void>;
}

/** A child process (tsx), resolved once a line of its output matches `ready`. */
function start(
  file: string,
  env: Record<string, string>,
  ready: RegExp,
  args: string[] = [],
): Promise<Proc & { match: RegExpExecArray }> {
  // BENCH_PROF=<dir>: every process writes a CPU profile there (node --cpu-prof) when it exits.
  const prof = process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : [];
  const child = spawn(process.execPath, [...prof, '--import', 'tsx', file, ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${file} did not start:\n${out}`)), 60_000);
    const onData = (chunk: Buffer) => {
      if (process.env.BENCH_VERBOSE === '1') process.stderr.write(chunk);
      out = (out + chunk.toString('utf8')).slice(-20_000);
      const m = ready.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({
          child,
          match: m,
          out: () => out,
          stop: () =>
            new Promise<void>((done) => {
              if (child.exitCode !== null) return done();
              child.once('exit', () => done());
              child.stdin?.end();
              child.kill('SIGTERM');
              setTimeout(() => child.kill('SIGKILL'), 5000).unref();
            }),
        });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code}:\n${out}`)));
  });
}

async function api<T>(base: string, method: string, url: string, key?: string, body?: unknown): Promise<T> {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** CPU time (user + system) a process has used so far, from /proc (Linux): robust to a busy machine. */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100/s)
  } catch {
    return NaN;
  }
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
        'apps/worker/src/main.ts',
        { ...env, PUBLIC_URL: base },
        /worker \d+ running \(concurrency (\d+), nice (\d+)\)/,
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
        `${availableParallelism()} cores, load ${loadavg()[0]?.toFixed(1)}, window ${WINDOW_S} s`,
    );

    const house = (await api<{ items: { id: string; name: string }[] }>(base, 'GET', '/v1/agents?house=true'))
      .items;
    const byName = (n: string) => house.find((a) => a.name === n)?.id as string;
    const houseSeats = ['house-heuristic', 'house-honest', 'house-random', 'house-heuristic'].map(byName);

    const rows: Record<string, string[]> = {};
    // idle: no matches queued, the reads alone (their latency without the load, to compare with).
    if (ROWS.includes('idle')) rows.idle = [];
    if (ROWS.includes('house')) rows.house = houseSeats;
    let agentServer: (Proc & { match: RegExpExecArray }) | null = null;
    if (ROWS.includes('http')) {
      agentServer = await start(path.join(here, 'agent-server.ts'), {}, /(http:\/\/\S+)/);
      procs.push(agentServer);
      const url = agentServer.match[1] as string;
      const { apiKey } = await api<{ apiKey: string }>(base, 'POST', '/v1/accounts', undefined, {
        name: `bench-${prefix}`,
      });
      const ids: string[] = [];
      for (let i = 0; i < 4; i++) {
        const a = await api<{ agent?: { id: string }; id?: string }>(base, 'POST', '/v1/agents', apiKey, {
          name: `bench-${prefix}-${i}`,
          endpointUrl: `${url}/a${i}`,
          historyMode: 'delta',
          wantsPrompt: false,
        });
        ids.push((a.agent?.id ?? a.id) as string);
      }
      rows.http = ids;
    }
    const matchQueue = new Queue<MatchJob>(QUEUE.matches, { connection: { url: REDIS_URL }, prefix });
    closers.push(() => matchQueue.close());
    const readPaths = ['/v1/leaderboard', '/v1/matches?limit=20', `/v1/agents/${houseSeats[0]}`];

    for (const [label, seats] of Object.entries(rows)) {
      // Keep a backlog the worker never drains: the figure is the platform's pace, not the queueing's.
      let queued = 0;
      let stopQueue = false;
      const before = await finishedCount(db);
      // Queued as the API does (insertMatch + the job), from here: the API's CPU goes to reads.
      const queue = (async () => {
        while (!stopQueue && seats.length > 0) {
          const done = await finishedCount(db);
          const backlog = queued - (done - before);
          if (backlog < 300) {
            for (let i = 0; i < 100; i++) {
              const id = await insertMatch(db.prisma, { agentIds: seats, ranked: false, timeoutMs: 5000 });
              await enqueueMatch(matchQueue, id);
            }
            queued += 100;
          } else await new Promise((r) => setTimeout(r, 200));
        }
      })();
      await new Promise((r) => setTimeout(r, WARMUP_S * 1000));
      const read = reader(base, readPaths);
      const t0 = performance.now();
      const c0 = await finishedCount(db);
      const w0 = workersCpu();
      const a0 = cpuSeconds(apiProc.child.pid);
      await new Promise((r) => setTimeout(r, WINDOW_S * 1000));
      const c1 = await finishedCount(db);
      const seconds = (performance.now() - t0) / 1000;
      const workerCpu = workersCpu() - w0;
      const apiCpu = cpuSeconds(apiProc.child.pid) - a0;
      const { all: lat, byPath } = await read.stop();
      stopQueue = true;
      await queue;
      const rate = (c1 - c0) / seconds;
      const logKeys = (await redis.keys(`${prefix}:match:*:log`)).length;
      const mem = (await redis.info('memory')).match(/used_memory:(\d+)/)?.[1];
      console.log(
        `${label.padEnd(6)} stored ${rate.toFixed(1)} four-seat matches/s (${c1 - c0} in ${seconds.toFixed(1)} s)` +
          ` · ${((c1 - c0) / workerCpu).toFixed(1)} matches per worker CPU-second (worker ${(workerCpu / seconds).toFixed(2)} cores,` +
          ` API ${(apiCpu / seconds).toFixed(2)} cores)` +
          ` · reads p50 ${percentile(lat, 0.5).toFixed(1)} ms p99 ${percentile(lat, 0.99).toFixed(1)} ms (${lat.length} reads)` +
          ` · live logs in Redis ${logKeys}, Redis used_memory ${(Number(mem) / 1e6).toFixed(1)} MB`,
      );
      console.log(
        `${''.padEnd(6)} reads p50/p99 by path: ` +
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
