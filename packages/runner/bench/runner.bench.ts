// Runner benchmark: four-seat matches per second and the platform's overhead per decision (from an
// answer's arrival to the dispatch of the next request), over HTTP on loopback with instant agents in
// another process, next to the same matches with in-process agents.
// Run: npm run bench -w @coup/runner   (BENCH_MATCHES=N to change the number of matches)
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { httpAgent, inProcessAgent, runMatch } from '../src/index';
import type { Clock, MatchAgent } from '../src/index';
import { chooser } from '../src/testing/agent-server';

const MATCHES = Number(process.env.BENCH_MATCHES ?? 400);
const WARMUP = Math.min(100, Math.ceil(MATCHES / 4));
const BEHAVIOUR = process.env.BENCH_AGENT ?? 'random';

interface Figures {
  matchesPerSecond: number;
  decisionsPerMatch: number;
  p50: number;
  p99: number;
  max: number;
}

/**
 * On a busy machine wall-clock overheads also count the moments the OS runs something else; CPU time
 * (this process's user + system time) counts only the work the runner does between the two instants.
 */
const cpuClock: Clock = {
  now: () => Date.now(),
  mono: () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  },
};

async function measure(agents: MatchAgent[], label: string, clock?: Clock): Promise<Figures> {
  for (let i = 0; i < WARMUP; i++)
    await runMatch({ matchId: `warm-${label}-${i}`, seed: `warm-${i}`, agents });
  const overheads: number[] = [];
  let decisions = 0;
  const started = performance.now();
  for (let i = 0; i < MATCHES; i++) {
    const replay = await runMatch({
      matchId: `${label}-${i}`,
      seed: `bench-${i}`,
      agents,
      clock,
      onDispatch: (d) => {
        if (d.overheadMs !== null) overheads.push(d.overheadMs);
      },
    });
    for (const s of replay.steps) if (s.kind === 'decision') decisions++;
  }
  const seconds = (performance.now() - started) / 1000;
  overheads.sort((a, b) => a - b);
  const q = (p: number) => overheads[Math.min(overheads.length - 1, Math.floor(overheads.length * p))] ?? NaN;
  return {
    matchesPerSecond: MATCHES / seconds,
    decisionsPerMatch: decisions / MATCHES,
    p50: q(0.5),
    p99: q(0.99),
    max: overheads.at(-1) ?? NaN,
  };
}

const line = (label: string, f: Figures, clock: string) =>
  `  ${label.padEnd(10)} ${clock.padEnd(4)} ${f.matchesPerSecond.toFixed(1).padStart(8)} matches/s   ` +
  `${f.decisionsPerMatch.toFixed(1)} requests/match   overhead p50 ${f.p50.toFixed(3)} ms, ` +
  `p99 ${f.p99.toFixed(3)} ms, max ${f.max.toFixed(2)} ms`;

const child = spawn(
  process.execPath,
  ['--import', 'tsx', fileURLToPath(new URL('./agent-process.ts', import.meta.url)), BEHAVIOUR],
  {
    stdio: ['pipe', 'pipe', 'inherit'],
  },
);
const [chunk] = (await once(child.stdout, 'data')) as [Buffer];
const url = chunk.toString().trim().split('\n')[0]!;

const http = [0, 1, 2, 3].map((seat) => httpAgent({ name: `http-${seat}`, url, secret: 'bench-secret' }));
const local = [0, 1, 2, 3].map((seat) => {
  const pick = chooser(seat + 1);
  return inProcessAgent(`local-${seat}`, (req) => ({
    action: BEHAVIOUR === 'first' ? req.legalActions[0] : req.legalActions[pick(req.legalActions.length)],
  }));
});

console.log(
  `runner: ${MATCHES} four-seat matches each, instant '${BEHAVIOUR}' agents, one match at a time (node ${process.version})`,
);
const overHttp = await measure(http, 'http');
console.log(line('HTTP', overHttp, 'wall'));
const cpuHttp = await measure(http, 'http-cpu', cpuClock);
console.log(line('HTTP', cpuHttp, 'cpu'));
const inProcess = await measure(local, 'in-process');
console.log(line('in-process', inProcess, 'wall'));
const cpuLocal = await measure(local, 'in-process-cpu', cpuClock);
console.log(line('in-process', cpuLocal, 'cpu'));
const [load1] = loadavg();
console.log(`load average ${load1?.toFixed(2)} on ${availableParallelism()} cores`);
console.log(
  `goal: overhead p99 under 2 ms -> wall ${overHttp.p99 < 2 && inProcess.p99 < 2 ? 'met' : 'NOT met'}, ` +
    `cpu ${cpuHttp.p99 < 2 && cpuLocal.p99 < 2 ? 'met' : 'NOT met'}`,
);

await Promise.all(http.map((a) => a.close?.()));
child.stdin.end();
await once(child, 'exit');
