// What packing a played match's replay for storage costs the worker's event loop (issue 23), on the loop
// as storeMatchResult does without packed bytes (packReplayAsync: compaction, its exactness check and the
// compact text's brotli run there) against the packing thread (replay-packer.ts, WORKER_PACK_THREADS=1:
// the loop serialises the replay, posts the text and takes the bytes back). Four-seat house-bot matches
// played by the runner as the worker plays them (random ids, a 24-byte seed, the replay URL), packed
// WORKER_CONCURRENCY (8) at a time as the worker's slots would. The loop's cost is its busy time
// (performance.eventLoopUtilization: time not spent waiting, which counts time the OS gave to others on a
// loaded machine) and, on Linux, the main thread's own CPU time (/proc/self/task/<pid>/schedstat), per
// match; the thread's packing shows as wall time. Runs without a database. `npm run bench -w @coup/worker` (BENCH_MATCHES, default 200: half
// `original`, half `inquisitors`).
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { Agent } from '@coup/db';
import { packReplay, packReplayAsync } from '@coup/db';
import { createTransports } from '@coup/gateway';
import { replayPacker } from '@coup/competition';
import type { Replay } from '@coup/protocol';
import { compactReplayCodec } from '@coup/protocol';
import { runMatch } from '@coup/runner';

const MATCHES = Number(process.env.BENCH_MATCHES ?? 200);
const ROUNDS = 5;
const AT_ONCE = 8;
const SEATS = ['heuristic', 'honest', 'random', 'heuristic'];

const base62 = (n: number) => randomBytes(n).toString('base64url').replace(/[-_]/g, 'x').slice(0, n);
const transports = createTransports({
  wsAgent: () => ({ name: 'none', decide: () => Promise.reject(new Error()) }),
  agentAddresses: 'public',
});

/** A house agent's row as the worker reads it (only what seating a house bot looks at). */
const house = (kind: string): Agent =>
  ({
    id: `ag_${base62(20)}`,
    name: `house-${kind}`,
    transport: 'http',
    endpointUrl: `bot:${kind}`,
    isHouse: true,
  }) as Agent;

async function play(k: number): Promise<Replay> {
  const matchId = `mt_${base62(20)}`;
  const seed = randomBytes(24).toString('base64url');
  return runMatch({
    matchId,
    seed,
    agents: SEATS.map((kind) => transports.forAgent(house(kind), { seed })),
    ruleset: k % 2 ? 'inquisitors' : 'original',
    replayUrl: `http://localhost:3000/v1/matches/${matchId}/replay`,
  });
}

/** The main thread's CPU time in ms (its tid is the pid), NaN where /proc does not say. */
const SCHEDSTAT = `/proc/self/task/${process.pid}/schedstat`;
const mainCpuMs = () =>
  existsSync(SCHEDSTAT) ? Number(readFileSync(SCHEDSTAT, 'utf8').split(' ')[0]) / 1e6 : Number.NaN;

/** Per replay: the loop's busy ms, the main thread's CPU ms and the wall ms, packing AT_ONCE at a time. */
async function pass(replays: Replay[], pack: (r: Replay) => Promise<Buffer>) {
  const elu = performance.eventLoopUtilization();
  const cpu = mainCpuMs();
  const t = performance.now();
  for (let i = 0; i < replays.length; i += AT_ONCE) {
    await Promise.all(replays.slice(i, i + AT_ONCE).map(pack));
  }
  const wall = performance.now() - t;
  const n = replays.length;
  const { active } = performance.eventLoopUtilization(elu);
  return { loop: active / n, cpu: (mainCpuMs() - cpu) / n, wall: wall / n };
}

type Figures = { loop: number[]; cpu: number[]; wall: number[] };
const figures = (): Figures => ({ loop: [], cpu: [], wall: [] });
const add = (f: Figures, x: { loop: number; cpu: number; wall: number }) => {
  f.loop.push(x.loop);
  f.cpu.push(x.cpu);
  f.wall.push(x.wall);
};

const f3 = (x: number) => x.toFixed(3);
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const range = (xs: number[]) => `${f3(sorted(xs)[0]!)}-${f3(sorted(xs)[xs.length - 1]!)}`;
const median = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)]!;

const replays: Replay[] = [];
for (let k = 0; k < MATCHES; k++) replays.push(await play(k));
const packer = replayPacker(1);
try {
  // Warm-up (the thread starts and compiles), and the bytes checked: exactly packReplay's.
  const packed = await Promise.all(replays.map((r) => packer.pack(r)));
  packed.forEach((b, i) => {
    if (Buffer.compare(b, packReplay(replays[i], compactReplayCodec)) !== 0) {
      throw new Error(`replay ${i}: the thread's bytes differ from packReplay's`);
    }
  });
  const onLoop = figures();
  const onThread = figures();
  const stringify: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    add(onLoop, await pass(replays, (r) => packReplayAsync(r, compactReplayCodec)));
    add(onThread, await pass(replays, (r) => packer.pack(r)));
    const t = performance.now();
    for (const r of replays) JSON.stringify(r);
    stringify.push((performance.now() - t) / replays.length);
  }
  console.log(
    `replay packing, ${MATCHES} four-seat house-bot matches (${SEATS.join(', ')}), half original, half inquisitors, ` +
      `${AT_ONCE} at a time; ms per match over ${ROUNDS} interleaved passes (min-max, median)`,
  );
  const row = (f: Figures) =>
    `main thread CPU ${range(f.cpu)} (${f3(median(f.cpu))}), loop busy ${range(f.loop)} (${f3(median(f.loop))}), wall ${range(f.wall)}`;
  console.log(`  on the event loop (packReplayAsync)          ${row(onLoop)}`);
  console.log(`  on a packing thread (WORKER_PACK_THREADS=1)  ${row(onThread)}`);
  console.log(`    of the loop's part, JSON.stringify of the replay ${range(stringify)}`);
  const ratio = (k: 'cpu' | 'loop') => (median(onThread[k]) / median(onLoop[k])).toFixed(2);
  console.log(
    `  the main thread's cost per match, thread / loop: CPU ${ratio('cpu')}, loop busy ${ratio('loop')}; ` +
      `the thread's bytes equal packReplay's for all ${MATCHES}`,
  );
} finally {
  await packer.close();
  await transports.close();
}
