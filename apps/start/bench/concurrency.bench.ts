// Throughput as the worker's concurrency rises (issue 23: "throughput must not fall as concurrency rises").
// Runs the throughput benchmark (throughput.bench.ts: the API and two worker processes, a fresh database
// each time) once per WORKER_CONCURRENCY level and round, the levels' order reversed every other round so
// that neither the hour's drift nor going first favours one, and prints each level's rates, its median and,
// round by round, its rate against the lowest level's in the same round (the ratio the noise between
// rounds does not move much).
// Run: npx tsx apps/start/bench/concurrency.bench.ts (also in npm run bench -w @coup/start)
//   BENCH_LEVELS (default 4,8,16,32), BENCH_ROUNDS (3), BENCH_ROW (house; any row of throughput.bench.ts),
//   BENCH_WINDOW_S (15) and BENCH_FIRST_WARMUP_S (20) are passed on.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyAction, createGame, isOver, legalActions, pendingSeats } from '@coup/engine';
import { seededPicker } from '@coup/random';

const LEVELS = (process.env.BENCH_LEVELS ?? '4,8,16,32').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ROW = process.env.BENCH_ROW ?? 'house';
if (LEVELS.some((n) => !Number.isInteger(n) || n < 1) || !(ROUNDS >= 1)) {
  console.error('BENCH_LEVELS: positive integers separated by commas; BENCH_ROUNDS: 1 or more');
  process.exit(2);
}
const here = path.dirname(fileURLToPath(import.meta.url));

/** One throughput run at `level` slots a worker: its stored matches/s and matches per worker CPU-second. */
function run(level: number): Promise<{ rate: number; perCpu: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'throughput.bench.ts')], {
      env: {
        ...process.env,
        WORKER_CONCURRENCY: String(level),
        BENCH_ROWS: ROW,
        BENCH_WINDOW_S: process.env.BENCH_WINDOW_S ?? '15',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.once('exit', (code) => {
      const m = new RegExp(
        `^${ROW}\\s+stored ([\\d.]+) four-seat matches/s .*?· ([\\d.]+) matches per worker CPU-second`,
        'm',
      ).exec(out);
      if (code !== 0 || !m) return reject(new Error(`throughput run at ${level} exited ${code}:\n${out}`));
      resolve({ rate: Number(m[1]), perCpu: Number(m[2]) });
    });
  });
}

/** CPU seconds this process takes for 30,000 random four-seat games (the same games every time; ~0.5 s). */
function calibrate(): number {
  const t = process.cpuUsage();
  const pick = seededPicker('concurrency-bench/calibration');
  for (let g = 0; g < 30_000; g++) {
    let s = createGame({ players: 4, seed: `calibration-${g}` });
    while (!isOver(s)) {
      const seats = pendingSeats(s);
      const seat = seats[pick(seats.length)] as number;
      const legal = legalActions(s, seat);
      const next = applyAction(s, seat, legal[pick(legal.length)]!);
      if (!next.ok) throw new Error(`calibration game refused: ${next.error.message}`);
      s = next.state;
    }
  }
  const u = process.cpuUsage(t);
  return (u.user + u.system) / 1e6;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const k = Math.floor(s.length / 2);
  return s.length % 2 ? (s[k] as number) : ((s[k - 1] as number) + (s[k] as number)) / 2;
};

async function main() {
  const base = Math.min(...LEVELS);
  const rates = new Map<number, number[]>(LEVELS.map((l) => [l, []]));
  const perCpu = new Map<number, number[]>(LEVELS.map((l) => [l, []]));
  const ratios = new Map<number, number[]>(LEVELS.map((l) => [l, []]));
  // Per run: its rate and the calibration's CPU seconds around it (the mean of before and after).
  const runs: { level: number; rate: number; cal: number }[] = [];
  calibrate(); // JIT warm-up of the calibration itself
  console.log(`concurrency: row ${ROW}, levels ${LEVELS.join(', ')} slots a worker, ${ROUNDS} rounds`);
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 === 0 ? LEVELS : [...LEVELS].reverse();
    const round = new Map<number, number>();
    for (const level of order) {
      const before = calibrate();
      const res = await run(level);
      const cal = (before + calibrate()) / 2;
      runs.push({ level, rate: res.rate, cal });
      round.set(level, res.rate);
      rates.get(level)?.push(res.rate);
      perCpu.get(level)?.push(res.perCpu);
      console.log(
        `  round ${r + 1}, ${level} slots: ${res.rate.toFixed(1)} matches/s (${res.perCpu} per CPU-s), calibration ${cal.toFixed(2)} s`,
      );
    }
    for (const level of LEVELS) ratios.get(level)?.push((round.get(level) ?? 0) / (round.get(base) ?? 1));
  }
  // At even speed: a run's rate times how much slower than the median the machine was around it.
  const mid = median(runs.map((r) => r.cal));
  const even = (level: number) => runs.filter((r) => r.level === level).map((r) => (r.rate * r.cal) / mid);
  const evenBase = median(even(base));
  for (const level of LEVELS) {
    const rs = rates.get(level) ?? [];
    const qs = ratios.get(level) ?? [];
    console.log(
      `${String(level).padStart(3)} slots: ${rs.map((x) => x.toFixed(1)).join(' / ')} matches/s, median ` +
        `${median(rs).toFixed(1)}, per worker CPU-s median ${median(perCpu.get(level) ?? []).toFixed(1)}; ` +
        `against ${base} slots in the same round ${qs.map((x) => x.toFixed(2)).join(' / ')} (median ${median(qs).toFixed(2)}); ` +
        `at even speed ${even(level)
          .map((x) => x.toFixed(1))
          .join(
            ' / ',
          )}, median ${median(even(level)).toFixed(1)} (${(median(even(level)) / evenBase).toFixed(2)}x ${base} slots)`,
    );
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
