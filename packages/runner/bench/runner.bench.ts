// Runner benchmark: four-seat matches per second and the platform's overhead per decision (from an
// answer's arrival to the dispatch of the next request), over HTTP on loopback with instant agents in
// another process, next to the same matches with in-process agents.
// Run: npm run bench -w @coup/runner
//   BENCH_MATCHES (default 400 per row), BENCH_CONCURRENCY (default 8, last row), BENCH_AGENT (random|first)
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { httpAgent, inProcessAgent, runMatch } from '../src/index';
import type { Clock, MatchAgent } from '../src/index';
import { seededPicker } from '@coup/random';

const MATCHES = Number(process.env.BENCH_MATCHES ?? 400);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const WARMUP = Math.min(100, Math.ceil(MATCHES / 4));
const BEHAVIOUR = process.env.BENCH_AGENT === 'first' ? 'first' : 'random';

/**
 * On a busy machine wall-clock overheads also count the moments the OS runs something else; CPU time
 * (this process's user + system time) counts only the work done between the two instants.
 */
const cpuClock: Clock = {
  now: () => Date.now(),
  mono: () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  },
};

interface Row {
  label: string;
  agents: MatchAgent[];
  clock?: Clock;
  concurrency?: number;
}

async function measure(row: Row): Promise<string> {
  const { agents, clock } = row;
  const concurrency = row.concurrency ?? 1;
  for (let i = 0; i < WARMUP; i++) await runMatch({ matchId: `warm-${i}`, seed: `warm-${i}`, agents });
  const overheads: number[] = [];
  let requests = 0;
  let next = 0;
  const worker = async () => {
    while (next < MATCHES) {
      const i = next++;
      const replay = await runMatch({
        matchId: `m${i}`,
        seed: `bench-${i}`,
        agents,
        clock,
        onDispatch: (d) => {
          requests++;
          if (d.overheadMs !== null) overheads.push(d.overheadMs);
        },
      });
      if (replay.ranking.length === 0) throw new Error('unfinished match');
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  overheads.sort((a, b) => a - b);
  const q = (p: number) => overheads[Math.min(overheads.length - 1, Math.floor(overheads.length * p))] ?? NaN;
  return (
    `  ${row.label.padEnd(24)} ${(MATCHES / seconds).toFixed(1).padStart(7)} matches/s  ` +
    `${(requests / MATCHES).toFixed(1)} requests/match  overhead p50 ${q(0.5).toFixed(3)} ms  ` +
    `p99 ${q(0.99).toFixed(3)} ms  max ${(overheads.at(-1) ?? NaN).toFixed(2)} ms`
  );
}

const script = fileURLToPath(new URL('./agent-process.ts', import.meta.url));
const child = spawn(process.execPath, ['--import', 'tsx', script, BEHAVIOUR], {
  stdio: ['pipe', 'pipe', 'inherit'],
});
const [chunk] = (await once(child.stdout, 'data')) as [Buffer];
const url = chunk.toString().trim().split('\n')[0]!;

const http = [0, 1, 2, 3].map((seat) => httpAgent({ name: `http-${seat}`, url, secret: 'bench-secret' }));
const local = [0, 1, 2, 3].map((seat) => {
  const pick = seededPicker(seat + 1);
  return inProcessAgent(`local-${seat}`, (req) => ({
    action: BEHAVIOUR === 'first' ? req.legalActions[0] : req.legalActions[pick(req.legalActions.length)],
  }));
});

console.log(
  `runner: ${MATCHES} four-seat matches per row, instant '${BEHAVIOUR}' agents ` +
    `(HTTP: signed requests, agent server in another process; node ${process.version})`,
);
for (const row of [
  { label: 'HTTP, wall clock', agents: http },
  { label: 'HTTP, cpu time', agents: http, clock: cpuClock },
  { label: 'in-process, wall clock', agents: local },
  { label: 'in-process, cpu time', agents: local, clock: cpuClock },
  { label: `HTTP, ${CONCURRENCY} at once, wall`, agents: http, concurrency: CONCURRENCY },
]) {
  console.log(await measure(row));
}
const [load1] = loadavg();
console.log(
  `load average ${load1?.toFixed(2)} on ${availableParallelism()} cores; goal: overhead p99 under 2 ms`,
);

await Promise.all(http.map((a) => a.close?.()));
child.stdin.end();
await once(child, 'exit');
