// How strong are the built-in bots? `npm run bench -w @coup/bots` (BENCH_GAMES, BENCH_SEED to change).
// Plays mixed 2-, 3- and 4-seat matches in-process, every lineup in every seat rotation, and prints win
// rates and mean places per bot kind. "fair" is the win rate of an even share (1/n per seat).
import { BOT_KINDS } from '../src/index.ts';
import type { BotKind } from '../src/index.ts';
import { runSeries } from '../src/testing/series.ts';
import type { KindStats } from '../src/testing/series.ts';
import { meanNormPlace, meanPlace, winRate } from '../src/testing/series.ts';

const games = Number(process.env.BENCH_GAMES ?? 6000);
const seed = process.env.BENCH_SEED ?? 'strength';

const t0 = performance.now();
const result = runSeries({ games, seed });
const secs = (performance.now() - t0) / 1000;

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
function table(title: string, stats: Map<BotKind, KindStats>): void {
  console.log(`\n${title}`);
  console.log('bot        seats   win rate   fair    mean place   norm place');
  for (const kind of BOT_KINDS) {
    const s = stats.get(kind);
    if (!s) continue;
    console.log(
      [
        kind.padEnd(9),
        String(s.seats).padStart(6),
        pct(winRate(s)).padStart(10),
        pct(s.fairWins / s.seats).padStart(7),
        meanPlace(s).toFixed(2).padStart(12),
        meanNormPlace(s).toFixed(3).padStart(12),
      ].join(' '),
    );
  }
}

console.log(`${games} games (seed "${seed}"), ${result.decisions} decisions in ${secs.toFixed(1)} s`);
for (const [size, stats] of [...result.bySize.entries()].sort((a, b) => a[0] - b[0])) {
  table(`${size} seats`, stats);
}
table('all sizes (norm place: 0 = always first, 1 = always last)', result.overall);

// Heads-up, pair by pair: the 2-seat table above mixes three pairings.
const pairs: [BotKind, BotKind][] = [
  ['heuristic', 'honest'],
  ['heuristic', 'random'],
  ['honest', 'random'],
];
console.log('\nheads-up (both seat orders)');
for (const [a, b] of pairs) {
  const n = Math.max(2, Math.round(games / 6));
  const r = runSeries({
    games: n,
    seed: `${seed}:${a}-${b}`,
    sizes: [2],
    lineups: () => [
      [a, b],
      [b, a],
    ],
  });
  const s = r.overall.get(a);
  console.log(`${a} vs ${b}: ${a} wins ${s ? pct(winRate(s)) : '?'} of ${n}`);
}
