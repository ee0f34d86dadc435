// How fast is the search agent? `npm run bench:search -w @coup/bots` (BENCH_GAMES per level, default 20;
// BENCH_SEED). Plays each level heads-up against `heuristic` (seats swapped every other game) and prints,
// per level, the decisions per second of the search seat (every decision, and the searched ones: turns,
// challenges and blocks with more than one answer), the playouts per searched decision, playouts per
// second, and the mean and slowest decision in ms, beside the level's cap.
import { SEARCH_LEVELS, createBot, searchLevelBot } from '../src/index.ts';
import type { Bot, SearchLevel } from '../src/index.ts';
import { playMatch } from '../src/testing/match.ts';

const games = Number(process.env.BENCH_GAMES ?? 20);
const seed = process.env.BENCH_SEED ?? 'search-speed';

// Warm-up, so that the JIT has compiled the engine and the search before the first level is timed.
for (let g = 0; g < 4; g++) {
  playMatch([searchLevelBot(2, { seed: `warm${g}` }), createBot('heuristic', { seed: `warm${g}` })], {
    seed: `warm${g}`,
  });
}

console.log(`search agent speed: ${games} heads-up games per level against heuristic (seed "${seed}")`);
console.log(
  'level      decisions  dec/s  searched  searched/s  playouts/searched  playouts/s  mean ms  max ms  cap ms',
);
for (const level of [1, 2, 3] as SearchLevel[]) {
  let ms = 0;
  let max = 0;
  let decisions = 0;
  let searched = 0;
  let playouts = 0;
  for (let g = 0; g < games; g++) {
    const search = searchLevelBot(level, { seed: `${seed}:${g}` });
    const timed: Bot = {
      name: search.name,
      decide(req) {
        const t0 = performance.now();
        const a = search.decide(req);
        const dt = performance.now() - t0;
        ms += dt;
        if (dt > max) max = dt;
        return a;
      },
    };
    const other = createBot('heuristic', { seed: `${seed}:${g}:h` });
    playMatch(g % 2 === 0 ? [timed, other] : [other, timed], { seed: `${seed}:${Math.floor(g / 2)}` });
    decisions += search.stats.decisions;
    searched += search.stats.searched;
    playouts += search.stats.playouts;
  }
  const secs = ms / 1000;
  console.log(
    [
      `search-${level}`.padEnd(9),
      String(decisions).padStart(10),
      (decisions / secs).toFixed(0).padStart(6),
      String(searched).padStart(9),
      (searched / secs).toFixed(1).padStart(11),
      (playouts / Math.max(1, searched)).toFixed(0).padStart(18),
      (playouts / secs).toFixed(0).padStart(11),
      ((ms / Math.max(1, decisions)) * 1).toFixed(2).padStart(8),
      max.toFixed(1).padStart(7),
      String(SEARCH_LEVELS[level].ms).padStart(7),
    ].join(' '),
  );
}
