// Recomputes ratings from scratch over a large synthetic log: `npm run bench -w @coup/rating`.
// Goal (issue 5): 1,000,000 four-seat matches among ~2,000 agents in under 60 s on a 2-core machine.
import { conservativeRating, recompute } from '../src/index.ts';
import { syntheticLog } from './synthetic.ts';

const matches = Number(process.env.BENCH_MATCHES ?? 1_000_000);
const agents = Number(process.env.BENCH_AGENTS ?? 2_000);
const periods = Number(process.env.BENCH_PERIODS ?? 5_000);
const periodMs = 10 * 60 * 1000;

let t0 = performance.now();
const { log, strength } = syntheticLog({ matches, agents, seats: 4, periods, periodMs, seed: 42 });
console.log(`generated ${log.length} matches, ${agents} agents, ${periods} periods in ${secs(t0)} s`);

t0 = performance.now();
const { ratings, history } = recompute(log, { periodMs });
const elapsed = (performance.now() - t0) / 1000;
console.log(
  `recompute: ${elapsed.toFixed(2)} s, ${Math.round(matches / elapsed).toLocaleString('en')} matches/s`,
);
console.log(`periods closed: ${history.length}, rated agents: ${ratings.size}`);

// Sanity: the strongest agents should be rated above the weakest, and a checksum shows reproducibility.
const byStrength = [...strength.entries()].sort((a, b) => a[1] - b[1]);
const mean = (ids: [string, number][]): number =>
  ids.reduce((s, [id]) => s + (ratings.get(id)?.rating ?? 0), 0) / ids.length;
const tenth = Math.floor(byStrength.length / 10);
console.log(
  `mean rating weakest 10%: ${mean(byStrength.slice(0, tenth)).toFixed(1)}, strongest 10%: ${mean(byStrength.slice(-tenth)).toFixed(1)}`,
);
let checksum = 0;
for (const r of ratings.values()) checksum += conservativeRating(r);
console.log(`checksum (sum of conservative ratings): ${checksum}`);
console.log(`heap used: ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB`);

function secs(start: number): string {
  return ((performance.now() - start) / 1000).toFixed(2);
}
