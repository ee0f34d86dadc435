import { newBaselineAccumulator } from '../src/baselines';
import { randomGame } from '../src/testing';

// The human baselines accumulator over an archive-sized stream (600k games by default, BENCH_GAMES to
// change): games per second, and the heap before and after (counters only: it should not grow with the
// games). A pool of random games is built first and cycled, so the figure is the accumulator's alone.

const GAMES = Number(process.env.BENCH_GAMES ?? 600_000);
const pool = Array.from({ length: 2000 }, (_, i) =>
  randomGame(i + 1, {
    gameType: i % 10 === 9 ? 'inquisitors' : 'original',
    aiSeats: i % 3 === 0 ? [0] : [],
  }),
);
const events = pool.reduce((n, g) => n + g.events.length, 0) / pool.length;

const acc = newBaselineAccumulator();
globalThis.gc?.();
const heapBefore = process.memoryUsage().heapUsed;
const t0 = performance.now();
for (let i = 0; i < GAMES; i++) acc.add(pool[i % pool.length]!);
const result = acc.result();
const ms = performance.now() - t0;
globalThis.gc?.();
const heapAfter = process.memoryUsage().heapUsed;

console.log(
  `baselines: ${GAMES} games (${events.toFixed(1)} events each on average) in ${(ms / 1000).toFixed(2)} s: ` +
    `${Math.round(GAMES / (ms / 1000)).toLocaleString('en')} games/s; heap ${(heapBefore / 1e6).toFixed(1)} MB ` +
    `-> ${(heapAfter / 1e6).toFixed(1)} MB; stored JSON ${(JSON.stringify(result).length / 1024).toFixed(1)} KiB`,
);
