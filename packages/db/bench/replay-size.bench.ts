// Stored replay size and cost (issue 23: <= 3 KB per stored match all-in): four-seat house-bot matches
// played by the real runner, shaped as the worker records them (random match and agent ids, a 24-byte seed,
// the replay URL), then packed both ways replays.packed can hold them: format 1, brotli of the full JSON
// text (rows stored before compact replays, and the fallback), and format 2, the compact form (@coup/protocol
// replay-compact.ts), which the store path keeps only after checking that it expands to the exact text.
// Prints the bytes per replay, the CPU per match of compaction + its check and of the brotli packing (the
// worker does them on its packing thread: apps/worker bench/replay-packing.bench.ts measures what is left on
// its event loop), and the read cost (unpack, and expand for format 2). Runs without a database.
// `npm run bench -w @coup/db` (BENCH_MATCHES, default 200: half `original`, half `inquisitors`).
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createBot } from '@coup/bots';
import type { BotKind } from '@coup/bots';
import { compactReplayCodec } from '@coup/protocol';
import type { Replay } from '@coup/protocol';
import { inProcessAgent, runMatch } from '@coup/runner';
import { packReplay, packedFormat, unpackReplay } from '../src/replay-pack.ts';

const MATCHES = Number(process.env.BENCH_MATCHES ?? 200);
const ROUNDS = 5;
const SEATS: BotKind[] = ['heuristic', 'honest', 'random', 'heuristic'];

const base62 = (n: number) => randomBytes(n).toString('base64url').replace(/[-_]/g, 'x').slice(0, n);

async function play(k: number): Promise<Replay> {
  const matchId = `mt_${base62(20)}`;
  const seed = randomBytes(24).toString('base64url');
  const agents = SEATS.map((kind, seat) => {
    const bot = createBot(kind, { seed: `${seed}/${seat}` });
    return { ...inProcessAgent(`house-${kind}`, (req) => bot.decide(req)), agentId: `ag_${base62(20)}` };
  });
  return runMatch({
    matchId,
    seed,
    agents,
    ruleset: k % 2 ? 'inquisitors' : 'original',
    replayUrl: `http://localhost:3000/v1/matches/${matchId}/replay`,
  });
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const f1 = (x: number) => x.toFixed(1);
const f3 = (x: number) => x.toFixed(3);

/** ms per call of fn over every replay, best of ROUNDS passes (a pass interleaves with the others below). */
function timed<T>(items: T[], fn: (x: T) => unknown, out: number[]): void {
  const t = performance.now();
  for (const x of items) fn(x);
  out.push((performance.now() - t) / items.length);
}

async function main(): Promise<void> {
  const replays: Replay[] = [];
  for (let k = 0; k < MATCHES; k++) replays.push(await play(k));
  const texts = replays.map((r) => JSON.stringify(r));
  const full = replays.map((r) => packReplay(r));
  const compact = replays.map((r) => packReplay(r, compactReplayCodec));
  const fellBack = compact.filter((b) => packedFormat(b) === 1).length;
  compact.forEach((b, i) => {
    if (unpackReplay(b, compactReplayCodec) !== texts[i]) throw new Error(`replay ${i} does not read back`);
  });
  const bytes = (bs: Buffer[], pick: (i: number) => boolean) =>
    mean(bs.filter((_, i) => pick(i)).map((b) => b.length));
  const all = () => true;
  const ruleset = (r: string) => (i: number) => replays[i]!.ruleset === r;

  const t = { compactCheck: [] as number[], packFull: [] as number[], packCompact: [] as number[] };
  const r = { unpackFull: [] as number[], unpackCompact: [] as number[] };
  const idx = replays.map((_, i) => i);
  for (let round = 0; round < ROUNDS; round++) {
    timed(
      idx,
      (i) => compactReplayCodec.expand(compactReplayCodec.compact(replays[i])) === texts[i],
      t.compactCheck,
    );
    timed(idx, (i) => packReplay(replays[i]), t.packFull);
    timed(idx, (i) => packReplay(replays[i], compactReplayCodec), t.packCompact);
    timed(idx, (i) => unpackReplay(full[i]!), r.unpackFull);
    timed(idx, (i) => unpackReplay(compact[i]!, compactReplayCodec), r.unpackCompact);
  }
  const best = (xs: number[]) => Math.min(...xs);
  console.log(
    `replay storage, ${MATCHES} four-seat house-bot matches (${SEATS.join(', ')}), half original, half inquisitors`,
  );
  console.log(`  JSON text                 ${f1(mean(texts.map((x) => Buffer.byteLength(x))))} B per replay`);
  console.log(
    `  packed format 1 (full)    ${f1(bytes(full, all))} B per replay (original ${f1(bytes(full, ruleset('original')))}, inquisitors ${f1(bytes(full, ruleset('inquisitors')))})`,
  );
  console.log(
    `  packed format 2 (compact) ${f1(bytes(compact, all))} B per replay (original ${f1(bytes(compact, ruleset('original')))}, inquisitors ${f1(bytes(compact, ruleset('inquisitors')))}); ${fellBack} of ${MATCHES} stored in full`,
  );
  console.log(`store, ms of CPU per match (best of ${ROUNDS} interleaved passes):`);
  console.log(`  compact + check (expand, compare)        ${f3(best(t.compactCheck))}`);
  console.log(`  packReplay, format 1 (brotli q5 of JSON)  ${f3(best(t.packFull))}`);
  console.log(`  packReplay, format 2 (all of it)          ${f3(best(t.packCompact))}`);
  console.log(`read, ms of CPU per replay (GET /v1/matches/:id/replay):`);
  console.log(`  unpack format 1 (brotli)                 ${f3(best(r.unpackFull))}`);
  console.log(`  unpack format 2 (brotli, expand)         ${f3(best(r.unpackCompact))}`);
}

await main();
