// Decision request sizes on the wire: the same four-seat matches (house bots, by seed) as protocol 1 (whole
// history and prompt in every request) and as protocol 2 (delta history, no prompt), with the CPU the
// runner and bots spend per match in each mode. Ratios in one run: the machine's load cancels out.
// Run: npm run bench -w @coup/start (first of its two benchmarks)   (BENCH_WIRE_MATCHES, default 300)
import { createBot } from '@coup/bots';
import type { WirePrefs } from '@coup/protocol';
import { inProcessAgent, runMatch } from '@coup/runner';

const MATCHES = Number(process.env.BENCH_WIRE_MATCHES ?? 300);
const KINDS = ['heuristic', 'honest', 'random', 'heuristic'] as const;

async function measure(wire: WirePrefs | undefined) {
  let bytes = 0;
  let requests = 0;
  let historyBytes = 0;
  const cpu = process.cpuUsage();
  for (let i = 0; i < MATCHES; i++) {
    const agents = KINDS.map((kind, seat) => {
      const bot = createBot(kind, { seed: `wire-${i}:${seat}` });
      const agent = inProcessAgent(kind, (req) => {
        // What an HTTP agent would be sent (serialised as the runner does).
        const json = JSON.stringify(req);
        bytes += json.length;
        historyBytes += JSON.stringify(req.history).length;
        requests++;
        return bot.decide(req);
      });
      if (wire) agent.wire = wire;
      return agent;
    });
    await runMatch({ matchId: `mt_wire${i}`, seed: `wire-${i}`, agents });
  }
  const used = process.cpuUsage(cpu);
  return { bytes, requests, historyBytes, cpuMs: (used.user + used.system) / 1000 };
}

await measure({ historyMode: 'delta', wantsPrompt: false }); // warm-up
const v1 = await measure(undefined);
const v2 = await measure({ historyMode: 'delta', wantsPrompt: false });
const kb = (x: number) => (x / 1024).toFixed(2);
for (const [label, m] of [
  ['protocol 1 (full, prompt)', v1],
  ['protocol 2 (delta, no prompt)', v2],
] as const) {
  console.log(
    `${label.padEnd(30)} ${kb(m.bytes / m.requests)} KB per request (history ${((m.historyBytes / m.bytes) * 100).toFixed(0)}%),` +
      ` ${kb(m.bytes / MATCHES)} KB per four-seat match, ${(m.cpuMs / MATCHES).toFixed(2)} ms CPU per match (runner + serialising + bots)`,
  );
}
console.log(
  `delta/full: ${((v2.bytes / v1.bytes) * 100).toFixed(1)}% of the bytes, ${((v2.cpuMs / v1.cpuMs) * 100).toFixed(0)}% of the CPU`,
);
