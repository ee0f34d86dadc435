import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchView } from './testing/harness';
import { slowAgent } from './testing/agents';
import type { TestAgent } from './testing/agents';
import { servedAgent } from './testing/served-agent';
import { startHarness, uniqueName } from './testing/harness';
import type { Account, Harness } from './testing/harness';

// Issue 17, "One account cannot starve the others": one account floods at its cap of active matches
// (MAX_ACTIVE_MATCHES_PER_ACCOUNT 10) with tables whose person never comes (each decision waits
// HUMAN_TIMEOUT_MS) and casual matches of an agent that answers just before every deadline. Before, the
// first 8 of them held all 8 worker slots for minutes and another account's match waited for one to end.
// Now tables have slots of their own, one account holds at most WORKER_SLOTS_PER_ACCOUNT (half) of a
// worker's, and the platform's matches go first: another account's casual match starts within 10 s, a
// ranked one (queued by the operator, or formed by the matchmaker) within 5 s. (The benchmark measuring the same: apps/start/bench/fair-slots.bench.ts.)

const SLOTS = 8;
const TABLES = 3;
const SLOW_MATCHES = 7;

let h: Harness;
let flooder: Account;
let other: Account;
let slow: TestAgent;
const houseIds: string[] = [];
/** Two agents of two other accounts in the ranked queue, for the matchmaker. */
const ladderAgents: TestAgent[] = [];
const ladderIds: string[] = [];

beforeAll(async () => {
  h = await startHarness({
    env: {
      WORKER_CONCURRENCY: String(SLOTS),
      MAX_ACTIVE_MATCHES_PER_ACCOUNT: '10',
      HUMAN_TIMEOUT_MS: '60000',
      MATCH_TIMEOUT_MS: '3000',
      // The matchmaker forms heads-up ranked matches every second.
      MATCHMAKER_INTERVAL_MS: '1000',
      SEATS_PER_MATCH: '2',
    },
  });
  flooder = await h.createAccount();
  other = await h.createAccount();
  const reg = await h.registerAgent(flooder.key, {
    name: uniqueName('sleepy'),
    endpointUrl: 'http://127.0.0.1:9',
  });
  // Just inside the 3 s deadline: no faults, so its matches last minutes.
  slow = await slowAgent({ delayMs: 2500, secret: reg.secret, name: 'sleepy' });
  const patched = await h.api('PATCH', `/v1/agents/${reg.id}`, {
    key: flooder.key,
    body: { endpointUrl: slow.url },
  });
  expect(patched.status, patched.text).toBe(200);
  houseIds.push(await h.houseAgent('random'), await h.houseAgent('honest'));

  for (let i = 0; i < TABLES; i++) {
    const t = await h.api('POST', '/v1/tables', { key: flooder.key, body: { opponents: [houseIds[0]] } });
    expect(t.status, t.text).toBe(201);
  }
  // Four seats of the slow agent: every match lasts minutes.
  for (let i = 0; i < SLOW_MATCHES; i++) await h.queueMatch(flooder.key, [reg.id, reg.id, reg.id, reg.id]);
  // At its cap: the next one is refused.
  const over = await h.api('POST', '/v1/matches', { key: flooder.key, body: { agents: [reg.id, reg.id] } });
  expect(over.status, over.text).toBe(429);
}, 60_000);

afterAll(async () => {
  await h?.stop();
  await slow?.close();
  await Promise.all(ladderAgents.map((a) => a.close()));
});

const running = (where: { createdById: string }) =>
  h.db.prisma.match.findMany({ where: { ...where, status: 'running' }, select: { id: true, seats: true } });

/** Polls until the match has started (or ended); returns its view. */
async function whenStarted(id: string, timeoutMs = 60_000): Promise<MatchView> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const m = (await h.api<MatchView & { createdAt: string }>('GET', `/v1/matches/${id}`)).body;
    if (m.startedAt !== null || m.status === 'finished' || m.status === 'aborted') return m;
    if (Date.now() > until) throw new Error(`match ${id} still ${m.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const waitedMs = (m: MatchView & { createdAt?: string }) =>
  Date.parse(m.startedAt ?? m.finishedAt ?? '') - Date.parse((m as { createdAt: string }).createdAt);

describe('worker slots under one account flooding at its cap', () => {
  it('runs the tables in their own slots and at most half the match slots for the flooding account', async () => {
    // Every table and as many of the slow matches as its share allows start; the rest wait.
    const until = Date.now() + 30_000;
    let now = await running({ createdById: flooder.id });
    while (now.length < TABLES + SLOTS / 2 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 200));
      now = await running({ createdById: flooder.id });
    }
    // A few seconds more: the waiting jobs come back every second and must keep waiting.
    let most = 0;
    for (let i = 0; i < 12; i++) {
      await new Promise((r) => setTimeout(r, 250));
      const slowRunning = (await running({ createdById: flooder.id })).filter((m) =>
        m.seats.every((s) => s.agentId !== houseIds[0]),
      );
      most = Math.max(most, slowRunning.length);
    }
    expect(most, 'slow matches of one account running at once').toBe(SLOTS / 2);
    const tables = (await running({ createdById: flooder.id })).filter((m) =>
      m.seats.some((s) => s.agentId === houseIds[0]),
    );
    expect(tables).toHaveLength(TABLES);
  }, 60_000);

  it("another account's casual match starts within 10 s, a ranked match within 5 s", async () => {
    // Both asked for while every slot the flooding account may hold is taken (and, before, every slot).
    const [casualId, rankedId] = await Promise.all([
      h.queueMatch(other.key, [houseIds[0]!, houseIds[1]!]),
      h.queueMatch(h.adminKey, [houseIds[0]!, houseIds[1]!], { ranked: true }),
    ]);
    const [casual, ranked] = await Promise.all([whenStarted(casualId), whenStarted(rankedId)]);
    expect.soft(waitedMs(casual), JSON.stringify(casual)).toBeLessThan(10_000);
    expect.soft(waitedMs(ranked), JSON.stringify(ranked)).toBeLessThan(5000);
    expect(ranked.status === 'aborted' || casual.status === 'aborted').toBe(false);
  }, 180_000);

  it('ranked matches the matchmaker forms start within 5 s', async () => {
    for (const kind of ['random', 'honest'] as const) {
      const account = await h.createAccount();
      const served = await servedAgent(h, account.key, { kind, delayMs: 0, name: `ladder-${kind}` });
      ladderAgents.push(served.agent);
      const queued = await h.api('POST', `/v1/agents/${served.id}/queue`, { key: account.key });
      expect(queued.status, queued.text).toBe(200);
      ladderIds.push(served.id);
    }
    const formed = async () =>
      h.db.prisma.match.findMany({
        where: { ranked: true, seats: { some: { agentId: ladderIds[0] } } },
        orderBy: { createdAt: 'asc' },
        select: { id: true },
      });
    const until = Date.now() + 60_000;
    let ids = await formed();
    while (ids.length < 2 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 200));
      ids = await formed();
    }
    expect(ids.length, 'ranked matches formed by the matchmaker').toBeGreaterThanOrEqual(2);
    for (const { id } of ids.slice(0, 2)) {
      const m = await whenStarted(id);
      expect.soft(waitedMs(m), JSON.stringify(m)).toBeLessThan(5000);
    }
  }, 120_000);

  it("the flooding account's waiting matches still run once its slots free up", async () => {
    slow.setDelay(0);
    const ids = await h.db.prisma.match.findMany({
      where: { createdById: flooder.id, seats: { every: { agentId: { not: houseIds[0] } } } },
      select: { id: true },
    });
    expect(ids).toHaveLength(SLOW_MATCHES);
    for (const { id } of ids) expect((await h.waitForMatch(id, 120_000)).status).toBe('finished');
  }, 180_000);
});
