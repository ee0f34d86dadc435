import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentStatsOf, foldStats } from './agent-stats.ts';
import { storeMatchResult } from './matches.ts';
import type { MatchResult } from './matches.ts';
import { migrate, readMigrations } from './migrate/apply.ts';
import { migrationsDir } from './paths.ts';
import { createTestDatabase } from './testing.ts';
import type { TestDatabase } from './testing.ts';
import { makeAccount, makeAgent, makeMatch } from './test-fixtures.ts';

// agent_stats (running sums of ranked seats' behaviour statistics, kept by the agent_stats_apply trigger)
// and the seats' copies of their match's created_at / ranked / ruleset (match_seats_fill), on real Postgres.
// An agent has one row per ruleset it played ranked matches of.

let db: TestDatabase;
let agents: string[];
beforeAll(async () => {
  process.env.SECRET_KEY ??= 'agent-stats-test-key';
  db = await createTestDatabase();
  const owner = await makeAccount(db.prisma);
  agents = [];
  for (let i = 0; i < 4; i++) agents.push((await makeAgent(db.prisma, owner.id)).id);
});
afterAll(() => db?.drop());

const stats = (decisions: number, latencies: number[], llm: unknown = undefined) => ({
  decisions,
  faults: 1,
  claims: 4,
  bluffs: 2,
  challengeChances: 3,
  challenges: 1,
  challengesWon: 1,
  challengesResolved: 1,
  blockChances: 2,
  blocks: 1,
  roleClaims: { duke: 3, captain: 1 },
  roleBluffs: { duke: 2 },
  latencies,
  ...(llm !== undefined ? { llm } : {}),
});

function result(seed: string, seats: number, s: (seat: number) => unknown): MatchResult {
  return {
    replay: { seed },
    ranking: [Array.from({ length: seats }, (_, i) => i)],
    seats: Array.from({ length: seats }, (_, seat) => ({
      seat,
      faults: 0,
      forfeited: false,
      stats: s(seat),
    })),
    seed,
    versions: {},
  };
}

/** The agent's sums of a ruleset as a profile reads them (agent_stats plus its pending seats). */
async function row(agentId: string, ruleset = 'original') {
  return (await agentStatsOf(db.prisma, agentId)).find((r) => r.ruleset === ruleset) ?? null;
}

describe('match_seats copies', () => {
  it("every seat gets its match's created_at and ranked, however it was written", async () => {
    const m = await makeMatch(db.prisma, agents.slice(0, 2));
    const casual = await db.prisma.match.create({
      data: {
        id: `mt_casual${Date.now()}`,
        seed: 's',
        seedCommitment: 'c',
        timeoutMs: 100,
        createdAt: new Date('2020-01-02T03:04:05.678Z'),
      },
    });
    await db.prisma
      .$executeRaw`INSERT INTO match_seats (match_id, seat, agent_id) VALUES (${casual.id}, 0, ${agents[0]})`;
    const seats = await db.prisma.matchSeat.findMany({ where: { matchId: { in: [m.id, casual.id] } } });
    for (const s of seats) {
      const match = s.matchId === m.id ? m : casual;
      expect(s.createdAt.toISOString()).toBe(match.createdAt.toISOString());
      expect(s.ranked).toBe(match.ranked);
    }
  });

  it("every seat gets its match's ruleset", async () => {
    const m = await makeMatch(db.prisma, agents.slice(0, 2), undefined, 'inquisitors');
    const seats = await db.prisma.matchSeat.findMany({ where: { matchId: m.id } });
    expect(seats.map((s) => s.ruleset)).toEqual(['inquisitors', 'inquisitors']);
  });
});

describe('agent_stats', () => {
  it('sums ranked seats once when a result is stored, never casual ones, nor a second store', async () => {
    const [a, b] = agents as [string, string];
    const m1 = await makeMatch(db.prisma, [a, b]);
    await storeMatchResult(
      db.prisma,
      m1.id,
      result(m1.seed, 2, (seat) => stats(5 + seat, [1.5, 2, 250.4])),
    );
    // Stored again (a retried job): nothing more is counted.
    await storeMatchResult(
      db.prisma,
      m1.id,
      result(m1.seed, 2, () => stats(100, [9])),
    );
    const casual = await makeMatch(db.prisma, [a, b]);
    await db.prisma.match.update({ where: { id: casual.id }, data: { ranked: false } });
    await db.prisma.matchSeat.updateMany({ where: { matchId: casual.id }, data: { ranked: false } });
    await storeMatchResult(
      db.prisma,
      casual.id,
      result(casual.seed, 2, () => stats(100, [9])),
    );
    const m2 = await makeMatch(db.prisma, [a, b]);
    const usage = {
      decisions: 3,
      promptTokens: 300,
      completionTokens: 30,
      retries: 1,
      matches: 1,
      cost: 0.25,
      pricedMatches: 1,
    };
    await storeMatchResult(
      db.prisma,
      m2.id,
      result(m2.seed, 2, (seat) => (seat === 0 ? stats(7, [1.5, 12345.6], usage) : null)),
    );
    expect(await row(a)).toMatchObject({
      matches: 2,
      decisions: 12,
      faults: 2,
      claims: 8,
      bluffs: 4,
      challengeChances: 6,
      challenges: 2,
      challengesWon: 2,
      challengesResolved: 2,
      blockChances: 4,
      blocks: 2,
      latencyHist: { '1.5': 2, '2.0': 1, '250': 1, '12300': 1 },
      roleCounts: { 'claims.duke': 6, 'claims.captain': 2, 'bluffs.duke': 4 },
      llmMatches: 1,
      llmDecisions: 3,
      llmPromptTokens: 300n,
      llmCompletionTokens: 30n,
      llmRetries: 1,
      llmCost: 0.25,
      llmPricedMatches: 1,
    });
    // Seat 1 had no stats in m2: one match counted, no model usage.
    expect(await row(b)).toMatchObject({ matches: 1, decisions: 6, llmMatches: 0, llmCost: null });
  });

  it('changing or deleting counted stats takes the old ones back', async () => {
    const [, , c] = agents as [string, string, string];
    const m = await makeMatch(db.prisma, [c]);
    await storeMatchResult(
      db.prisma,
      m.id,
      result(m.seed, 1, () => stats(4, [3, 3])),
    );
    expect(await row(c)).toMatchObject({ matches: 1, decisions: 4, latencyHist: { '3.0': 2 } });
    await db.prisma.matchSeat.updateMany({ where: { matchId: m.id }, data: { stats: stats(9, [4]) } });
    expect(await row(c)).toMatchObject({ matches: 1, decisions: 9, latencyHist: { '4.0': 1 } });
    await db.prisma.match.delete({ where: { id: m.id } });
    expect(await row(c)).toMatchObject({ matches: 0, decisions: 0, latencyHist: {}, roleCounts: {} });
  });

  it("sums a seat in its match's ruleset's row, with its interrogations", async () => {
    const owner = await makeAccount(db.prisma);
    const d = (await makeAgent(db.prisma, owner.id)).id;
    const o = await makeMatch(db.prisma, [d]);
    await storeMatchResult(
      db.prisma,
      o.id,
      result(o.seed, 1, () => stats(5, [1])),
    );
    const q = await makeMatch(db.prisma, [d], undefined, 'inquisitors');
    const inquisitorStats = {
      ...stats(8, [2, 2]),
      roleClaims: { inquisitor: 3, duke: 1 },
      roleBluffs: { inquisitor: 1 },
      interrogations: 2,
      interrogationDecisions: 2,
      forcedExchanges: 1,
    };
    await storeMatchResult(
      db.prisma,
      q.id,
      result(q.seed, 1, () => inquisitorStats),
    );
    expect(await row(d)).toMatchObject({
      matches: 1,
      decisions: 5,
      latencyHist: { '1.0': 1 },
      roleCounts: { 'claims.duke': 3, 'claims.captain': 1, 'bluffs.duke': 2 },
      interrogations: 0,
      forcedExchanges: 0,
    });
    expect(await row(d, 'inquisitors')).toMatchObject({
      matches: 1,
      decisions: 8,
      latencyHist: { '2.0': 2 },
      roleCounts: { 'claims.inquisitor': 3, 'claims.duke': 1, 'bluffs.inquisitor': 1 },
      interrogations: 2,
      interrogationDecisions: 2,
      forcedExchanges: 1,
    });
    // Deleting the inquisitors match takes it back from that row only.
    await db.prisma.match.delete({ where: { id: q.id } });
    expect(await row(d, 'inquisitors')).toMatchObject({ matches: 0, decisions: 0, roleCounts: {} });
    expect(await row(d)).toMatchObject({ matches: 1, decisions: 5 });
  });

  it('concurrent stores of ranked matches sharing agents in different seat orders all land', async () => {
    const lineups = Array.from({ length: 12 }, (_, i) => (i % 2 ? [...agents].reverse() : [...agents]));
    const before = (await row(agents[3] as string))?.matches ?? 0;
    const matches = await Promise.all(lineups.map((l) => makeMatch(db.prisma, l)));
    const stored = await Promise.all(
      matches.map((m) =>
        storeMatchResult(
          db.prisma,
          m.id,
          result(m.seed, 4, () => stats(1, [1])),
        ),
      ),
    );
    expect(stored.every((s) => s.stored)).toBe(true);
    expect((await row(agents[3] as string))?.matches).toBe(before + 12);
  });
});

describe('agent_stats_pending', () => {
  it('keeps a stored seat off match_seats until a fold adds it to agent_stats, the figures unchanged', async () => {
    const owner = await makeAccount(db.prisma);
    const [e, f] = [(await makeAgent(db.prisma, owner.id)).id, (await makeAgent(db.prisma, owner.id)).id];
    const usage = { decisions: 1, promptTokens: 5, completionTokens: 2, retries: 0, matches: 1, cost: 0.5 };
    for (const lineup of [
      [e, f],
      [f, e],
      [e, f],
    ]) {
      const m = await makeMatch(db.prisma, lineup);
      await storeMatchResult(
        db.prisma,
        m.id,
        result(m.seed, 2, (seat) => stats(3 + seat, [1, 150.4], seat === 0 ? usage : undefined)),
      );
      // Written once: the seat keeps its place, not the statistics JSON.
      const seats = await db.prisma.matchSeat.findMany({ where: { matchId: m.id } });
      expect(seats.map((s) => [s.place, s.stats])).toEqual([
        [1, null],
        [1, null],
      ]);
    }
    const before = await agentStatsOf(db.prisma, e);
    expect(before).toMatchObject([
      { ruleset: 'original', matches: 3, decisions: 10, latencyHist: { '1.0': 3, '150': 3 }, llmCost: 1 },
    ]);
    expect(await db.prisma.agentStatsPending.count({ where: { agentId: e } })).toBe(3);
    expect(await foldStats(db.prisma)).toBeGreaterThan(0);
    expect(await db.prisma.agentStatsPending.count()).toBe(0);
    expect(await agentStatsOf(db.prisma, e)).toEqual(before);
    expect(await row(e)).toEqual(
      await db.prisma.agentStats.findUnique({
        where: { agentId_ruleset: { agentId: e, ruleset: 'original' } },
      }),
    );
    // Folded and pending seats add up.
    const m = await makeMatch(db.prisma, [e, f]);
    await storeMatchResult(
      db.prisma,
      m.id,
      result(m.seed, 2, () => stats(1, [1])),
    );
    expect(await row(e)).toMatchObject({ matches: 4, decisions: 11, latencyHist: { '1.0': 4, '150': 3 } });
    expect(await foldStats(db.prisma)).toBeGreaterThan(0);
    expect(await foldStats(db.prisma)).toBe(0);
    expect(await row(e)).toMatchObject({ matches: 4, decisions: 11, latencyHist: { '1.0': 4, '150': 3 } });
  });

  it('folds without JIT compilation, whatever the server allows (its cost estimate crosses the threshold)', async () => {
    // The planner costs the fold's jsonb expansions at 100 rows a seat: a batch of thousands of seats passed
    // jit_above_cost and each fold spent 400-600 ms compiling (stats_fold_no_jit migration).
    const [fn] = await db.prisma.$queryRaw<{ config: string[] | null }[]>`
      SELECT proconfig AS config FROM pg_proc WHERE proname = 'stats_fold'`;
    expect(fn?.config).toContain('jit=off');
  });
});

describe('the seat_index_agent_stats migration', () => {
  it('backfills the seat copies and agent_stats from seats stored before it', async () => {
    const all = readMigrations();
    const at = all.findIndex((m) => m.name.endsWith('_seat_index_agent_stats'));
    const dir = mkdtempSync(path.join(tmpdir(), 'coup-migrations-'));
    const old = await createTestDatabase({ migrate: false });
    try {
      for (const m of all.slice(0, at))
        cpSync(path.join(migrationsDir, m.name), path.join(dir, m.name), { recursive: true });
      await migrate(old.url, { migrationsDir: dir });
      // Raw SQL: the generated client knows columns that later migrations add.
      const agent = { id: 'ag_old' };
      await old.prisma.$executeRaw`
        INSERT INTO accounts (id, name, api_key_hash, api_key_prefix) VALUES ('acc_old', 'old', 'h', 'p')`;
      await old.prisma.$executeRaw`
        INSERT INTO agents (id, owner_id, name, transport, endpoint_url, secret_hash, secret_enc, updated_at)
        VALUES (${agent.id}, 'acc_old', 'old', 'http', 'http://127.0.0.1:9', 'h', 'x', now())`;
      const created = new Date('2021-05-06T07:08:09.123Z');
      for (const [i, ranked] of [true, true, false].entries()) {
        const id = `mt_old${i}`;
        await old.prisma.$executeRaw`
          INSERT INTO matches (id, status, ranked, seed, seed_commitment, timeout_ms, created_at)
          VALUES (${id}, 'finished', ${ranked}, 's', 'c', 100, ${created})`;
        await old.prisma.$executeRaw`
          INSERT INTO match_seats (match_id, seat, agent_id, stats)
          VALUES (${id}, 0, ${agent.id}, ${JSON.stringify(stats(2, [5, 150.2]))}::jsonb)`;
      }
      await migrate(old.url);
      const seats = await old.prisma.$queryRaw<{ created_at: Date; ranked: boolean }[]>`
        SELECT created_at, ranked FROM match_seats ORDER BY match_id`;
      expect(seats.map((s) => [s.created_at.toISOString(), s.ranked])).toEqual([
        [created.toISOString(), true],
        [created.toISOString(), true],
        [created.toISOString(), false],
      ]);
      const original = { agentId_ruleset: { agentId: agent.id, ruleset: 'original' } };
      expect(await old.prisma.agentStats.findUnique({ where: original })).toMatchObject({
        matches: 2,
        decisions: 4,
        latencyHist: { '5.0': 2, '150': 2 },
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await old.drop();
    }
  });
});

describe('the agent_stats_by_ruleset migration', () => {
  it("gives seats their match's ruleset and splits an agent's sums by ruleset", async () => {
    const all = readMigrations();
    const at = all.findIndex((m) => m.name.endsWith('_agent_stats_by_ruleset'));
    const dir = mkdtempSync(path.join(tmpdir(), 'coup-migrations-'));
    const old = await createTestDatabase({ migrate: false });
    try {
      for (const m of all.slice(0, at))
        cpSync(path.join(migrationsDir, m.name), path.join(dir, m.name), { recursive: true });
      await migrate(old.url, { migrationsDir: dir });
      await old.prisma.$executeRaw`
        INSERT INTO accounts (id, name, api_key_hash, api_key_prefix) VALUES ('acc_old', 'old', 'h', 'p')`;
      for (const id of ['ag_both', 'ag_orig']) {
        await old.prisma.$executeRaw`
          INSERT INTO agents (id, owner_id, name, transport, endpoint_url, secret_hash, secret_enc, updated_at)
          VALUES (${id}, 'acc_old', ${id}, 'http', 'http://127.0.0.1:9', ${id}, 'x', now())`;
      }
      const seats: [string, string, string, object][] = [
        ['mt_o1', 'original', 'ag_both', stats(2, [5])],
        [
          'mt_q1',
          'inquisitors',
          'ag_both',
          { ...stats(3, [7]), roleClaims: { inquisitor: 2 }, roleBluffs: {} },
        ],
        ['mt_o2', 'original', 'ag_orig', stats(4, [9])],
      ];
      for (const [id, ruleset, agent, s] of seats) {
        await old.prisma.$executeRaw`
          INSERT INTO matches (id, status, ranked, ruleset, seed, seed_commitment, timeout_ms)
          VALUES (${id}, 'finished', true, ${ruleset}, 's', 'c', 100)`;
        await old.prisma.$executeRaw`
          INSERT INTO match_seats (match_id, seat, agent_id, stats)
          VALUES (${id}, 0, ${agent}, ${JSON.stringify(s)}::jsonb)`;
      }
      await migrate(old.url);
      const rows = await old.prisma.$queryRaw<{ match_id: string; ruleset: string }[]>`
        SELECT match_id, ruleset FROM match_seats ORDER BY match_id`;
      expect(rows).toEqual([
        { match_id: 'mt_o1', ruleset: 'original' },
        { match_id: 'mt_o2', ruleset: 'original' },
        { match_id: 'mt_q1', ruleset: 'inquisitors' },
      ]);
      const sums = await old.prisma.agentStats.findMany({
        orderBy: [{ agentId: 'asc' }, { ruleset: 'asc' }],
      });
      expect(sums.map((r) => [r.agentId, r.ruleset, r.matches, r.decisions, r.roleCounts])).toEqual([
        ['ag_both', 'inquisitors', 1, 3, { 'claims.inquisitor': 2 }],
        ['ag_both', 'original', 1, 2, { 'claims.duke': 3, 'claims.captain': 1, 'bluffs.duke': 2 }],
        ['ag_orig', 'original', 1, 4, { 'claims.duke': 3, 'claims.captain': 1, 'bluffs.duke': 2 }],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await old.drop();
    }
  });
});
