// Postgres CPU by phase of a stored match (issue 23: where the database's cost per match goes): a scratch
// database, four agents, one four-seat match played by house bots in-process, then N matches written as
// the platform writes them, each phase for all N at 8 in flight: insertMatch (queued, with seats),
// claimMatch (running), storeMatchResult (finished: seats, replay, the ranked statistics), casual, ranked
// and ranked among house agents (whose pairs' records are kept too), and for ranked matches the fold of
// their pending statistics into agent_stats (foldStats). Printed: the CPU of the database's Postgres
// processes (from /proc) per match and phase, and the client's.
// Run: npx tsx apps/start/bench/postgres-phases.bench.ts (BENCH_MATCHES, default 2000)
import { loadavg } from 'node:os';
import { createBot } from '@coup/bots';
import { matchResultOf, seatStats } from '@coup/competition';
import { claimMatch, foldStats, insertMatch, storeMatchResult } from '@coup/db';
import { createTestDatabase, seedAccount, seedAgent } from '@coup/db/testing';
import { inProcessAgent, runMatch } from '@coup/runner';
import { cpuSince, postgresCpuByPid } from './postgres-cost';

const N = Number(process.env.BENCH_MATCHES ?? 2000);
const IN_FLIGHT = 8;

async function inFlight(ids: readonly string[], f: (id: string) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < ids.length) await f(ids[next++] as string);
    }),
  );
}

async function main() {
  const db = await createTestDatabase();
  try {
    const owner = await seedAccount(db.prisma);
    const agentIds: string[] = [];
    const houseIds: string[] = [];
    for (let s = 0; s < 4; s++) agentIds.push(await seedAgent(db.prisma, owner.id));
    // House agents: a ranked match among them also writes the house pairs' records (12 for four seats).
    for (let s = 0; s < 4; s++) houseIds.push(await seedAgent(db.prisma, owner.id, { isHouse: true }));
    const seed = 'postgres-phases';
    const kinds = ['heuristic', 'random', 'honest', 'heuristic'] as const;
    const players = kinds.map((kind, seat) => {
      const bot = createBot(kind, { seed: `${seed}/${seat}` });
      return inProcessAgent(`house-${kind}-${seat}`, (req) => bot.decide(req));
    });
    const replay = await runMatch({ matchId: 'template', seed, agents: players });
    const result = { ...matchResultOf(replay, { seed, stats: seatStats(replay) }), attempt: 1 };
    console.log(
      `postgres phases: ${N} four-seat matches a phase, ${IN_FLIGHT} in flight, load ${loadavg()[0]?.toFixed(1)}`,
    );
    const rows = [
      { label: 'casual', ranked: false, agents: agentIds },
      { label: 'ranked', ranked: true, agents: agentIds },
      { label: 'house', ranked: true, agents: houseIds },
    ];
    for (const { label, ranked, agents } of rows) {
      const ids: string[] = [];
      const phase = async (name: string, f: (i: number) => Promise<unknown>) => {
        const pg0 = await postgresCpuByPid(db);
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        const order = [...Array(N).keys()].map(String);
        await inFlight(order, (i) => f(Number(i)));
        const wall = (performance.now() - t0) / 1000;
        const pg = cpuSince(pg0, await postgresCpuByPid(db));
        const c = process.cpuUsage(c0);
        console.log(
          `  ${label.padEnd(7)} ${name.padEnd(17)} Postgres ${((pg / N) * 1000).toFixed(2)} ms CPU a match` +
            ` · client ${((c.user + c.system) / 1000 / N).toFixed(2)} ms · ${(N / wall).toFixed(0)} matches/s`,
        );
      };
      await phase('insertMatch', async (i) => {
        ids[i] = await insertMatch(db.prisma, { agentIds: agents, ranked, timeoutMs: 5000, seed });
      });
      await phase('claimMatch', (i) => claimMatch(db.prisma, ids[i] as string));
      await phase('storeMatchResult', async (i) => {
        const stored = await storeMatchResult(db.prisma, ids[i] as string, result);
        if (!stored.stored) throw new Error(`not stored: ${JSON.stringify(stored)}`);
      });
      // The ladder's fold-stats job: the ranked seats' pending figures into agent_stats, in batches of at
      // most 250 matches (a second's worth at the throughput goal), its cost shared by the matches.
      if (ranked)
        await phase('foldStats', (i) => (i % 250 === 0 ? foldStats(db.prisma, 1000) : Promise.resolve()));
    }
  } finally {
    await db.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
