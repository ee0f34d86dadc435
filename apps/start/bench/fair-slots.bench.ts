// Worker slots under one account flooding at its cap (issue 17, "One account cannot starve the others"): how
// long another account's casual match and a ranked match wait to start (startedAt - createdAt) while one
// account holds MAX_ACTIVE_MATCHES_PER_ACCOUNT (10) active matches that last minutes: tables whose person
// never comes (each decision waits HUMAN_TIMEOUT_MS) and casual matches of an agent that answers just
// before every deadline. Goals: casual within 10 s, ranked within 5 s. The last row takes the per-account
// share away (WORKER_SLOTS_PER_ACCOUNT = WORKER_CONCURRENCY), to show what it is for.
// The platform runs in this process (the tests' harness: its own database and Redis prefix, a worker).
// Run: npm run bench -w @coup/start (or npx tsx apps/start/bench/fair-slots.bench.ts)
//   BENCH_SAMPLES (default 5: casual and ranked matches measured per row), BENCH_WAIT_CAP_S (30: a match
//   not started by then counts as waiting that long), WORKER_CONCURRENCY (default 8)
import { setTimeout as sleep } from 'node:timers/promises';
import { slowAgent } from '../src/testing/agents';
import type { TestAgent } from '../src/testing/agents';
import { startHarness, uniqueName } from '../src/testing/harness';
import type { Harness } from '../src/testing/harness';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 5);
const WAIT_CAP_MS = Number(process.env.BENCH_WAIT_CAP_S ?? 30) * 1000;
const SLOTS = Number(process.env.WORKER_CONCURRENCY ?? 8);
const CASUAL_GOAL_MS = 10_000;
const RANKED_GOAL_MS = 5000;

interface Row {
  flood: string;
  tables: number;
  slowMatches: number;
  env?: Record<string, string>;
}

const ROWS: Row[] = [
  { flood: '3 tables + 7 slow matches', tables: 3, slowMatches: 7 },
  { flood: '10 slow matches', tables: 0, slowMatches: 10 },
  {
    flood: '10 slow matches, no per-account share',
    tables: 0,
    slowMatches: 10,
    env: { WORKER_SLOTS_PER_ACCOUNT: String(SLOTS) },
  },
];

interface MatchTimes {
  status: string;
  createdAt: string;
  startedAt: string | null;
}

/** How long the match waited to start; WAIT_CAP_MS when it has not started by then. */
async function waitToStart(h: Harness, id: string): Promise<number> {
  const end = Date.now() + WAIT_CAP_MS;
  for (;;) {
    const m = (await h.api<MatchTimes>('GET', `/v1/matches/${id}`)).body;
    if (m.startedAt) return Date.parse(m.startedAt) - Date.parse(m.createdAt);
    if (Date.now() > end) return WAIT_CAP_MS;
    await sleep(50);
  }
}

async function flood(h: Harness, row: Row): Promise<{ agent: TestAgent; house: string[] }> {
  const flooder = await h.createAccount();
  const reg = await h.registerAgent(flooder.key, {
    name: uniqueName('sleepy'),
    endpointUrl: 'http://127.0.0.1:9',
  });
  // Just inside the 3 s deadline: no faults, so its four-seat matches last minutes.
  const agent = await slowAgent({ delayMs: 2500, secret: reg.secret, name: 'sleepy' });
  await h.api('PATCH', `/v1/agents/${reg.id}`, { key: flooder.key, body: { endpointUrl: agent.url } });
  const house = [await h.houseAgent('random'), await h.houseAgent('honest')];
  for (let i = 0; i < row.tables; i++) {
    const t = await h.api('POST', '/v1/tables', { key: flooder.key, body: { opponents: [house[0]] } });
    if (t.status !== 201) throw new Error(`open table: ${t.status} ${t.text}`);
  }
  for (let i = 0; i < row.slowMatches; i++) await h.queueMatch(flooder.key, [reg.id, reg.id, reg.id, reg.id]);
  return { agent, house };
}

const fmt = (ms: number) => (ms >= WAIT_CAP_MS ? `>${WAIT_CAP_MS / 1000} s` : `${(ms / 1000).toFixed(2)} s`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function measure(row: Row): Promise<string[]> {
  const h = await startHarness({
    env: {
      WORKER_CONCURRENCY: String(SLOTS),
      MAX_ACTIVE_MATCHES_PER_ACCOUNT: '10',
      HUMAN_TIMEOUT_MS: '60000',
      MATCH_TIMEOUT_MS: '3000',
      ...row.env,
    },
  });
  let agent: TestAgent | undefined;
  try {
    const f = await flood(h, row);
    agent = f.agent;
    // Let the flood take every slot it can.
    await sleep(3000);
    const other = await h.createAccount();
    const casual: number[] = [];
    const ranked: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const [c, r] = await Promise.all([
        h.queueMatch(other.key, f.house),
        h.queueMatch(h.adminKey, f.house, { ranked: true }),
      ]);
      const [cw, rw] = await Promise.all([waitToStart(h, c), waitToStart(h, r)]);
      casual.push(cw);
      ranked.push(rw);
      // Each measured once it has ended (house bots: well under a second once started).
      if (cw < WAIT_CAP_MS) await h.waitForMatch(c, 30_000).catch(() => undefined);
      if (rw < WAIT_CAP_MS) await h.waitForMatch(r, 30_000).catch(() => undefined);
    }
    const ok = Math.max(...casual) < CASUAL_GOAL_MS && Math.max(...ranked) < RANKED_GOAL_MS;
    return [
      row.flood,
      fmt(median(casual)),
      fmt(Math.max(...casual)),
      fmt(median(ranked)),
      fmt(Math.max(...ranked)),
      ok ? 'yes' : 'no',
    ];
  } finally {
    await h.stop();
    await agent?.close();
  }
}

async function main() {
  console.log(
    `worker slots under one account flooding at its cap: WORKER_CONCURRENCY ${SLOTS}, ${SAMPLES} samples per row, ` +
      `goals: casual < ${CASUAL_GOAL_MS / 1000} s, ranked < ${RANKED_GOAL_MS / 1000} s`,
  );
  const head = ['flood (one account)', 'casual p50', 'casual max', 'ranked p50', 'ranked max', 'goals met'];
  const rows: string[][] = [];
  for (const row of ROWS) rows.push(await measure(row));
  const widths = head.map((hd, i) => Math.max(hd.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const r of rows) console.log(line(r));
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
