// The strength table of the built-in agents (issue 22): every pair heads-up and at four seats, in duplicate
// deals with the seats rotated (src/testing/duel.ts), win rates with 95% intervals (Wilson), and Glicko-2
// ratings from a full recompute of every game (@coup/rating), then the goals: each search level beats the
// level below with significance (the interval above 50%), and search-3 wins >= 65% heads-up against
// heuristic. `npm run bench:table -w @coup/bots`. Sizes: TABLE_DEALS deals per pair and table size (default
// 10), TABLE_GOAL_DEALS deals for the goals' heads-up pairs (default 10 x TABLE_DEALS), TABLE_SEED.
import { recompute } from '@coup/rating';
import type { LoggedMatch } from '@coup/rating';
import { BOT_KINDS } from '../src/index.ts';
import type { BotKind } from '../src/index.ts';
import { duel, kindRanking, wilson } from '../src/testing/duel.ts';
import type { DuelGame } from '../src/testing/duel.ts';

const deals = Number(process.env.TABLE_DEALS ?? 10);
const goalDeals = Number(process.env.TABLE_GOAL_DEALS ?? deals * 10);
const seed = process.env.TABLE_SEED ?? 'strength-table';

const GOALS: [BotKind, BotKind][] = [
  ['search-2', 'search-1'],
  ['search-3', 'search-2'],
  ['search-3', 'heuristic'],
];
const isGoal = (a: BotKind, b: BotKind) => GOALS.some(([x, y]) => x === a && y === b);

// Pairs in BOT_KINDS order, the stronger-looking (later) kind first, so A's rate reads "A beats B".
const pairs: [BotKind, BotKind][] = [];
for (let i = 0; i < BOT_KINDS.length; i++)
  for (let j = 0; j < i; j++) pairs.push([BOT_KINDS[i] as BotKind, BOT_KINDS[j] as BotKind]);

interface PairResult {
  a: BotKind;
  b: BotKind;
  seats: 2 | 4;
  games: number;
  aWins: number;
}

const t0 = performance.now();
let lastNote = t0;
let played = 0;
const log: LoggedMatch[] = [];
const results: PairResult[] = [];
const note = () => {
  const now = performance.now();
  if (now - lastNote > 30_000) {
    lastNote = now;
    process.stderr.write(`${played} games, ${((now - t0) / 1000).toFixed(0)} s\n`);
  }
};

for (const seats of [2, 4] as const) {
  for (const [a, b] of pairs) {
    const n = seats === 2 && isGoal(a, b) ? goalDeals : deals;
    const games: DuelGame[] = duel(a, b, seats, n, seed, (g) => {
      played++;
      // One rating period per deal index: every pair's games of deal d are rated together.
      log.push({
        id: `${seats}:${a}-${b}:${g.deal}:${g.kinds.join(',')}`,
        ranking: kindRanking(g.kinds, g.ranking),
        finishedAt: g.deal,
      });
      note();
    });
    results.push({ a, b, seats, games: games.length, aWins: games.reduce((s, g) => s + g.aWin, 0) });
  }
}
const secs = (performance.now() - t0) / 1000;

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
console.log(
  `strength table: ${played} games in ${secs.toFixed(0)} s (seed "${seed}", TABLE_DEALS=${deals}, ` +
    `TABLE_GOAL_DEALS=${goalDeals}); duplicate deals, every deal in each seat arrangement`,
);
for (const seats of [2, 4] as const) {
  console.log(`\n${seats === 2 ? 'heads-up (A B, B A)' : 'four seats (A B A B, B A B A)'}`);
  console.log('A          B           games   A wins   95% interval');
  for (const r of results.filter((x) => x.seats === seats)) {
    const [lo, hi] = wilson(r.aWins, r.games);
    const mark = lo > 0.5 ? ' A>B' : hi < 0.5 ? ' A<B' : '';
    console.log(
      `${r.a.padEnd(10)} ${r.b.padEnd(10)} ${String(r.games).padStart(6)} ${pct(r.aWins / r.games).padStart(8)}` +
        `   [${pct(lo)}, ${pct(hi)}]${mark}`,
    );
  }
}

// Glicko-2 from a full recompute: each game is a match between the two kinds (at four seats, each kind at
// its best seat's place), one rating period per deal index.
const { ratings } = recompute(log, { periodMs: 1, epochMs: 0 });
console.log('\nGlicko-2 (full recompute over every game above)');
console.log('agent         rating     RD   games   wins');
for (const [id, r] of [...ratings.entries()].sort((x, y) => y[1].rating - x[1].rating)) {
  console.log(
    `${id.padEnd(12)} ${r.rating.toFixed(0).padStart(7)} ${r.rd.toFixed(0).padStart(6)} ${String(r.games).padStart(7)} ${String(r.wins).padStart(6)}`,
  );
}

console.log('\ngoals');
for (const [a, b] of GOALS) {
  const r = results.find((x) => x.seats === 2 && x.a === a && x.b === b) as PairResult;
  const [lo, hi] = wilson(r.aWins, r.games);
  const rate = r.aWins / r.games;
  const target = b === 'heuristic' ? `>= 65%: ${rate >= 0.65 ? 'met' : 'NOT met'}` : '';
  console.log(
    `${a} vs ${b} heads-up: ${pct(rate)} [${pct(lo)}, ${pct(hi)}] of ${r.games}; ` +
      `beats it with significance: ${lo > 0.5 ? 'yes' : 'NO'}${target ? `; ${target}` : ''}`,
  );
}
