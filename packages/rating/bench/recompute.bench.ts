// Recomputes ratings from scratch over a large synthetic log: `npm run bench -w @coup/rating`.
// Goal (issue 12): 1,000,000 four-seat matches among ~2,000 agents in under 10 s and 500 MB on a 2-core
// machine. The log is streamed (generated match by match, as a database cursor would deliver it) through
// recomputeSorted, which holds one rating period at a time; generating it is timed apart and subtracted.
import { conservativeRating, periodIndexOf, recomputeSorted } from '../src/index.ts';
import type { LoggedMatch, RatingState } from '../src/index.ts';
import { referenceClosePeriod } from './package-reference.ts';
import { syntheticLog, syntheticMatches } from './synthetic.ts';

const matches = Number(process.env.BENCH_MATCHES ?? 1_000_000);
const agents = Number(process.env.BENCH_AGENTS ?? 2_000);
const periods = Number(process.env.BENCH_PERIODS ?? 5_000);
const periodMs = 10 * 60 * 1000;
const options = { matches, agents, seats: 4, periods, periodMs, seed: 42 };
/** The checksum the glicko2 package itself gave for the default log (before closePeriod's own port). */
const PACKAGE_CHECKSUM = 2749023.0452549234;

// Generation is timed inside the stream (around each next()) and subtracted: what is left is the fold.
let t0 = performance.now();
let generation = 0;
let closed = 0;
let lastPeriod = -1;
const { strength, matches: generated } = syntheticMatches(options);
function* timed(): Generator<LoggedMatch> {
  for (;;) {
    const g = performance.now();
    const next = generated.next();
    generation += performance.now() - g;
    if (next.done) return;
    const p = periodIndexOf(next.value.finishedAt, periodMs);
    if (p !== lastPeriod) closed++;
    lastPeriod = p;
    yield next.value;
  }
}
const ratings = recomputeSorted(timed(), { periodMs });
const total = (performance.now() - t0) / 1000;
const elapsed = total - generation / 1000;
console.log(
  `recompute: ${elapsed.toFixed(2)} s (+ ${(generation / 1000).toFixed(2)} s generating the log as it streams), ` +
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
// Measured before the same-run comparison below, which holds a log in memory on purpose.
console.log(
  `peak RSS: ${peak.toFixed(0)} MB (goal: < 500 MB), heap used now: ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB`,
);

// The same fold through the glicko2 package (closePeriod as it was), on a slice, in this run: a ratio that
// machine load does not blur. Both must give the same numbers.
const slice = Math.min(matches, 100_000);
const small = syntheticLog({
  ...options,
  matches: slice,
  periods: Math.max(1, Math.round((periods * slice) / matches)),
}).log;
t0 = performance.now();
const ours = recomputeSorted(small, { periodMs });
const oursS = (performance.now() - t0) / 1000;
t0 = performance.now();
const theirs = new Map<string, RatingState>();
let batch: LoggedMatch[] = [];
let period = -1;
const flush = () => {
  if (batch.length)
    for (const [id, s] of referenceClosePeriod(theirs, period, batch, { periodMs })) theirs.set(id, s);
  batch = [];
};
for (const m of small) {
  const p = periodIndexOf(m.finishedAt, periodMs);
  if (p !== period) {
    flush();
    period = p;
  }
  batch.push(m);
}
flush();
const theirsS = (performance.now() - t0) / 1000;
const same =
  ours.size === theirs.size &&
  [...theirs].every(([id, s]) => JSON.stringify(ours.get(id)) === JSON.stringify(s));
console.log(
  `same run, ${slice.toLocaleString('en')} matches: recomputeSorted ${oursS.toFixed(2)} s, through the glicko2 ` +
    `package ${theirsS.toFixed(2)} s (${(theirsS / oursS).toFixed(1)}x faster), identical ratings: ${same ? 'yes' : 'NO'}`,
);
