// Plays random-legal-action games in-process and prints, for each ruleset, games per second for 2, 4 and
// 6 seats (wall clock, and per second of this process's CPU time, which other processes on a shared
// machine disturb less), the CPU time per game and the mean number of decisions per game: a game is
// createGame, then pendingSeats, legalActions, a random choice and applyAction until isOver. These are
// the figures set beside a Rust Coup engine's in DESIGN.md ("Engine speed"). Run: npm run bench -w
// @coup/engine (BENCH_SECONDS per size, default 3; BENCH_RULESETS, default every ruleset, e.g.
// "original"; BENCH_SIZES, default "2,4,6").
import { seededPicker } from '@coup/random';
import { RULESET_IDS, applyAction, createGame, isOver, legalActions, pendingSeats } from '../src/index';
import type { RulesetId } from '../src/index';

function playOne(players: number, seed: string, pick: (n: number) => number, ruleset: RulesetId): number {
  let s = createGame({ players, seed, ruleset });
  let decisions = 0;
  while (!isOver(s)) {
    const seats = pendingSeats(s);
    const seat = seats[pick(seats.length)] as number;
    const legal = legalActions(s, seat);
    const res = applyAction(s, seat, legal[pick(legal.length)]!);
    if (!res.ok) throw new Error(`engine rejected a legal action: ${res.error.message}`);
    s = res.state;
    decisions++;
  }
  return decisions;
}

interface Rate {
  gamesPerSecond: number;
  gamesPerCpuSecond: number;
  decisionsPerGame: number;
}

function run(players: number, seconds: number, ruleset: RulesetId): Rate {
  // A seeded chooser, so the figures do not depend on Math.random.
  const pick = seededPicker(players * 7919);
  let games = 0;
  let decisions = 0;
  // Warm-up so the JIT has compiled the hot paths before timing.
  for (let i = 0; i < 2000; i++) playOne(players, `warm-${i}`, pick, ruleset);
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  const budget = BigInt(Math.round(seconds * 1e9));
  let elapsed = 0n;
  while (elapsed < budget) {
    for (let i = 0; i < 500; i++) decisions += playOne(players, `bench-${players}-${games++}`, pick, ruleset);
    elapsed = process.hrtime.bigint() - start;
  }
  const used = process.cpuUsage(cpu);
  return {
    gamesPerSecond: games / (Number(elapsed) / 1e9),
    gamesPerCpuSecond: games / ((used.user + used.system) / 1e6),
    decisionsPerGame: decisions / games,
  };
}

const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const rulesets = (process.env.BENCH_RULESETS?.split(',') ?? RULESET_IDS) as RulesetId[];
const sizes = (process.env.BENCH_SIZES ?? '2,4,6').split(',').map(Number);
const n = (x: number) => Math.round(x).toLocaleString('en-US');
console.log(`engine: random legal actions, ${seconds} s per size, one core (node ${process.version})`);
for (const ruleset of rulesets) {
  console.log(`  ${ruleset}:`);
  for (const players of sizes) {
    const r = run(players, seconds, ruleset);
    console.log(
      `    ${players} seats: ${n(r.gamesPerSecond)} games/s (${n(r.gamesPerCpuSecond)} per CPU second, ` +
        `${(1e6 / r.gamesPerCpuSecond).toFixed(2)} us CPU/game), ${r.decisionsPerGame.toFixed(1)} decisions/game`,
    );
  }
}
console.log('goal: at least 20,000 four-seat games/s of `original`');

/** createGame alone: the deal, whose seeding (SHA-256 of the seed, engine 2.0.0) is paid once per game. */
function deals(seconds: number, engineVersion: string): number {
  let n = 0;
  for (let i = 0; i < 20_000; i++) createGame({ players: 4, seed: `warm-${i}`, engineVersion });
  const start = process.hrtime.bigint();
  const budget = BigInt(Math.round(seconds * 1e9));
  while (process.hrtime.bigint() - start < budget) {
    for (let i = 0; i < 1000; i++) createGame({ players: 4, seed: `deal-${n++}`, engineVersion });
  }
  return n / (Number(process.hrtime.bigint() - start) / 1e9);
}
for (const version of ['1.0.0', '2.0.0']) {
  const perSecond = Math.round(deals(Math.min(seconds, 1), version)).toLocaleString('en-US');
  console.log(`  createGame, engine ${version} seeding: ${perSecond} deals/s`);
}
