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
  console.log(`concurrency: row ${ROW}, levels ${LEVELS.join(', ')} slots a worker, ${ROUNDS} rounds`);
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 === 0 ? LEVELS : [...LEVELS].reverse();
    const round = new Map<number, number>();
    for (const level of order) {
      const res = await run(level);
      round.set(level, res.rate);
      rates.get(level)?.push(res.rate);
      perCpu.get(level)?.push(res.perCpu);
      console.log(
        `  round ${r + 1}, ${level} slots: ${res.rate.toFixed(1)} matches/s (${res.perCpu} per CPU-s)`,
      );
    }
    for (const level of LEVELS) ratios.get(level)?.push((round.get(level) ?? 0) / (round.get(base) ?? 1));
  }
  for (const level of LEVELS) {
    const rs = rates.get(level) ?? [];
    const qs = ratios.get(level) ?? [];
    console.log(
      `${String(level).padStart(3)} slots: ${rs.map((x) => x.toFixed(1)).join(' / ')} matches/s, median ` +
        `${median(rs).toFixed(1)}, per worker CPU-s median ${median(perCpu.get(level) ?? []).toFixed(1)}; ` +
        `against ${base} slots in the same round ${qs.map((x) => x.toFixed(2)).join(' / ')} (median ${median(qs).toFixed(2)})`,
    );
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
