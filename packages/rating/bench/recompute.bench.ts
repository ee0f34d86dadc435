// Recomputes ratings from scratch over a large synthetic log: `npm run bench -w @coup/rating`.
// Goal (issue 12): 1,000,000 four-seat matches among ~2,000 agents in under 10 s and 500 MB on a 2-core
// machine. The log is streamed (generated match by match, as a database cursor would deliver it) through
// recomputeSorted, which holds one rating period at a time; generating it is timed apart and subtracted.
import { conservativeRating, recomputeSorted } from '../src/index.ts';
import { syntheticMatches } from './synthetic.ts';

const matches = Number(process.env.BENCH_MATCHES ?? 1_000_000);
const agents = Number(process.env.BENCH_AGENTS ?? 2_000);
const periods = Number(process.env.BENCH_PERIODS ?? 5_000);
const periodMs = 10 * 60 * 1000;
const options = { matches, agents, seats: 4, periods, periodMs, seed: 42 };
/** The checksum the glicko2 package itself gave for the default log (before closePeriod's own port). */
const PACKAGE_CHECKSUM = 2749023.0452549234;

let t0 = performance.now();
let n = 0;
let closed = 0;
let lastFinish = -1;
for (const m of syntheticMatches(options).matches) {
  n++;
  // Periods with matches (the log is in finishedAt order).
  if (Math.floor(m.finishedAt / periodMs) !== Math.floor(lastFinish / periodMs) || lastFinish < 0) closed++;
  lastFinish = m.finishedAt;
}
const generation = (performance.now() - t0) / 1000;
console.log(`generating ${n.toLocaleString('en')} matches alone: ${generation.toFixed(2)} s`);

const { strength, matches: log } = syntheticMatches(options);
t0 = performance.now();
const ratings = recomputeSorted(log, { periodMs });
const total = (performance.now() - t0) / 1000;
const elapsed = total - generation;
console.log(
  `recompute: ${elapsed.toFixed(2)} s (${total.toFixed(2)} s streamed with generation), ` +
    `${Math.round(matches / elapsed).toLocaleString('en')} matches/s (goal: < 10 s for 1,000,000)`,
);
console.log(`periods closed: ${closed}, rated agents: ${ratings.size}`);

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
const defaults = !process.env.BENCH_MATCHES && !process.env.BENCH_AGENTS && !process.env.BENCH_PERIODS;
console.log(
  `checksum (sum of conservative ratings): ${checksum}` +
    (defaults
      ? ` (the glicko2 package's: ${checksum === PACKAGE_CHECKSUM ? 'identical' : 'DIFFERENT'})`
      : ''),
);
const peak = process.resourceUsage().maxRSS / 1024;
console.log(
  `peak RSS: ${peak.toFixed(0)} MB (goal: < 500 MB), heap used now: ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB`,
);
