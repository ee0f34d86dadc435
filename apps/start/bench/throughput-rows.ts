import type { Queue } from 'bullmq';
import { enqueueMatch, FORMED } from '@coup/competition';
import { insertMatch } from '@coup/db';
import type { TestDatabase } from '@coup/db/testing';
import type { MatchJob } from '@coup/gateway';

// The rows of the throughput benchmark: who plays, and how their matches reach the queue.
// - `bench`: inserted from the benchmark's process as the API does (insertMatch + the job), so the API's
//   CPU goes to reads; ranked rows store what ranked matches store (the agents' agent_stats rows).
// - `api`: POSTed to the API's /v1/matches over HTTP, 8 requests in flight.
// - `matchmaker`: nothing is queued by the benchmark: the agents wait in the ranked queue and the worker's
//   matchmaker forms their matches, as on a live ladder.

export const ROW_NAMES = ['house', 'house-ranked', 'house-api', 'http', 'http-ranked'] as const;
type RowName = (typeof ROW_NAMES)[number];

export interface Row {
  label: string;
  seats: string[];
  ranked: boolean;
  via: 'bench' | 'api' | 'matchmaker';
}

/**
 * Agents queued for the ranked HTTP row: twice the seats of the matches the workers run at once (at least
 * 64), so a pass finds idle agents while the last pass's matches play. With exactly as many agents as
 * seats (64 for two workers of 8 slots), every agent sat in the running matches and the workers waited for
 * the next pass (200 ms) after each round: the row measured the bench's agent pool, not the platform.
 */
const ladderAgents = (slots: number) => Math.max(64, slots * 4 * 2);
/** Matches waiting in the queue the benchmark keeps topped up (the worker never runs dry). */
const BACKLOG = 300;

export async function api<T>(
  base: string,
  method: string,
  url: string,
  key?: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

interface Setup {
  base: string;
  adminKey: string;
  prefix: string;
  /** Starts the loopback agents' server and gives its URL. */
  startAgentServer: () => Promise<string>;
  /** Matches the workers run at once (worker processes x their concurrency). */
  slots: number;
}

/**
 * BENCH_BACKLOG: the unrated ranked matches seeded for the house-backlog row (issue 23's goal: play within
 * 10% of its pace while the closer works through 500,000). The default run, every row, has it; a run of
 * chosen rows (BENCH_ROWS) only when asked.
 */
export const UNRATED_BACKLOG = Number(process.env.BENCH_BACKLOG ?? (process.env.BENCH_ROWS ? 0 : 500_000));

/** Registers what the asked rows need: house seats, four HTTP agents, the ranked HTTP agents. */
export async function setUpRows(names: string[], o: Setup): Promise<{ list: Row[]; houseSeats: string[] }> {
  const house = (await api<{ items: { id: string; name: string }[] }>(o.base, 'GET', '/v1/agents?house=true'))
    .items;
  const byName = (n: string) => house.find((a) => a.name === n)?.id as string;
  // Four agents, each once: a ranked match seats an agent once (insertMatches refuses it otherwise).
  const houseSeats = ['house-heuristic', 'house-honest', 'house-random', 'house-people'].map(byName);
  const wantsHttp = names.some((n) => n.startsWith('http'));
  const url = wantsHttp ? await o.startAgentServer() : '';
  const { apiKey } = await api<{ apiKey: string }>(o.base, 'POST', '/v1/accounts', undefined, {
    name: `bench-${o.prefix}`,
  });
  const register = async (i: number) =>
    (
      await api<{ agent: { id: string } }>(o.base, 'POST', '/v1/agents', apiKey, {
        name: `bench-${o.prefix}-${i}`,
        endpointUrl: `${url}/a${i}`,
        historyMode: 'delta',
        wantsPrompt: false,
      })
    ).agent.id;
  const httpSeats = names.includes('http') ? await Promise.all([0, 1, 2, 3].map(register)) : [];
  if (names.includes('http-ranked')) {
    // Only these agents in the ranked queue: the house agents (the search levels think for up to a second
    // a decision) step out, so the row measures the platform, not the house agents' thinking.
    for (const a of house) await api(o.base, 'DELETE', `/v1/agents/${a.id}/queue`, o.adminKey);
  }
  const rows: Record<RowName, () => Promise<Row>> = {
    house: async () => ({ label: 'house', seats: houseSeats, ranked: false, via: 'bench' }),
    'house-ranked': async () => ({ label: 'house-ranked', seats: houseSeats, ranked: true, via: 'bench' }),
    'house-api': async () => ({ label: 'house-api', seats: houseSeats, ranked: false, via: 'api' }),
    http: async () => ({ label: 'http', seats: httpSeats, ranked: false, via: 'bench' }),
    'http-ranked': async () => {
      const ids = [];
      for (let i = 0; i < ladderAgents(o.slots); i++) ids.push(await register(100 + i));
      return { label: 'http-ranked', seats: ids, ranked: true, via: 'matchmaker' };
    },
  };
  const list: Row[] = [];
  // Reads only: their latency without the load, to compare with.
  if (names.includes('idle')) list.push({ label: 'idle', seats: [], ranked: false, via: 'bench' });
  for (const n of ROW_NAMES) if (names.includes(n)) list.push(await rows[n]());
  // BENCH_BACKLOG: the house row again, once a backlog of unrated ranked matches waits for the closer.
  if (UNRATED_BACKLOG > 0) {
    list.push({ label: 'house-backlog', seats: houseSeats, ranked: false, via: 'bench' });
  }
  return { list, houseSeats };
}

interface FeedContext {
  db: TestDatabase;
  base: string;
  adminKey: string;
  matchQueue: Queue<MatchJob>;
}

/** Keeps the row's matches coming for as long as it is measured. */
export function rowFeeder(
  row: Row,
  c: FeedContext,
): { begin: () => Promise<void>; end: () => Promise<void> } {
  let running = true;
  let loop: Promise<void> = Promise.resolve();
  // The backlog from the queue's own counters: polling count(*) over matches would load Postgres itself.
  const backlog = async () => {
    const n = await c.matchQueue.getJobCounts('wait', 'prioritized', 'waiting-children', 'delayed');
    return Object.values(n).reduce((a, b) => a + b, 0);
  };
  const queueOne = async () => {
    if (row.via === 'api') {
      await api(c.base, 'POST', '/v1/matches', c.adminKey, {
        agents: row.seats,
        ranked: row.ranked,
        timeoutMs: 5000,
      });
      return;
    }
    const id = await insertMatch(c.db.prisma, { agentIds: row.seats, ranked: row.ranked, timeoutMs: 5000 });
    await enqueueMatch(c.matchQueue, id, row.ranked ? FORMED : undefined);
  };
  const authorAgents = (method: 'POST' | 'DELETE') =>
    Promise.all(row.seats.map((id) => api(c.base, method, `/v1/agents/${id}/queue`, c.adminKey)));
  return {
    async begin() {
      if (row.via === 'matchmaker') return void (await authorAgents('POST'));
      if (row.seats.length === 0) return;
      loop = (async () => {
        while (running) {
          if ((await backlog()) >= BACKLOG) {
            await new Promise((r) => setTimeout(r, 100));
            continue;
          }
          // 8 in flight: over HTTP the API's own pace is part of the figure.
          for (let i = 0; i < 100 && running; i += 8) await Promise.all(Array.from({ length: 8 }, queueOne));
        }
      })();
    },
    async end() {
      running = false;
      await loop;
      if (row.via === 'matchmaker') await authorAgents('DELETE');
    },
  };
}
