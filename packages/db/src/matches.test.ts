import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrisma } from './client.ts';
import type { PrismaClient } from './generated/client.ts';
import { abortMatch, claimMatch, storeMatchResult } from './matches.ts';
import type { MatchResult } from './matches.ts';
import { unpackReplay } from './replay-pack.ts';
import { createTestDatabase } from './testing.ts';
import type { TestDatabase } from './testing.ts';
import { makeAccount, makeAgent, makeMatch } from './test-fixtures.ts';

let db: TestDatabase;
let agents: string[];
beforeAll(async () => {
  process.env.SECRET_KEY ??= 'matches-test-key';
  db = await createTestDatabase();
  const owner = await makeAccount(db.prisma);
  agents = [];
  for (let i = 0; i < 3; i++) agents.push((await makeAgent(db.prisma, owner.id)).id);
});
afterAll(() => db?.drop());

/** A stored replay row's replay (packed since the compact_replays migration). */
const stored = (row: { packed: Uint8Array | null }): unknown =>
  row.packed ? (JSON.parse(unpackReplay(row.packed)) as unknown) : undefined;

function result(seed: string, tag = 'a'): MatchResult {
  return {
    replay: { tag, decisions: [] },
    ranking: [[2], [0, 1]],
    seats: [
      { seat: 0, faults: 1, forfeited: false },
      { seat: 1, faults: 3, forfeited: true },
      { seat: 2, faults: 0, forfeited: false },
    ],
    seed,
    versions: { engine: '1.0.0', ruleset: 'coup-2012', protocol: '1' },
  };
}

describe('claimMatch', () => {
  it('moves queued -> running, counts attempts, and can re-claim a running match', async () => {
    const m = await makeMatch(db.prisma, agents);
    const first = await claimMatch(db.prisma, m.id);
    const row = await db.prisma.match.findUniqueOrThrow({ where: { id: m.id } });
    expect(row.status).toBe('running');
    expect(row.startedAt).toBeInstanceOf(Date);
    expect(first).toMatchObject({ id: m.id, seed: row.seed, attempts: 1, timeoutMs: row.timeoutMs });
    expect(first).toMatchObject({ ranked: row.ranked, groupId: null });
    expect(first?.seats.map((s) => [s.seat, s.agentId])).toEqual(agents.map((a, i) => [i, a]));
    // Each seat's agent is the whole row, exactly as Prisma reads it (types included: dates, enums, nulls).
    for (const s of first?.seats ?? []) {
      expect(s.agent).toStrictEqual(await db.prisma.agent.findUniqueOrThrow({ where: { id: s.agentId } }));
    }
    const second = await claimMatch(db.prisma, m.id);
    expect(second?.attempts).toBe(2);
    expect(await claimMatch(db.prisma, 'mt_nope')).toBeNull();
    expect(await abortMatch(db.prisma, m.id, 'too many attempts')).toBe(true);
    expect(await claimMatch(db.prisma, m.id)).toBeNull();
    expect(await abortMatch(db.prisma, m.id, 'again')).toBe(false);
  });

  it('abortMatch with an attempt aborts only while that attempt is the latest', async () => {
    const m = await makeMatch(db.prisma, agents);
    await claimMatch(db.prisma, m.id);
    await claimMatch(db.prisma, m.id);
    // The first run's wall-clock cap fires after another worker took the match over: nothing changes.
    expect(await abortMatch(db.prisma, m.id, 'over MATCH_MAX_MS', 1)).toBe(false);
    expect((await db.prisma.match.findUniqueOrThrow({ where: { id: m.id } })).status).toBe('running');
    expect(await abortMatch(db.prisma, m.id, 'over MATCH_MAX_MS', 2)).toBe(true);
    const row = await db.prisma.match.findUniqueOrThrow({ where: { id: m.id } });
    expect(row).toMatchObject({ status: 'aborted', abortReason: 'over MATCH_MAX_MS' });
  });
});

describe('storeMatchResult', () => {
  it('stores only the latest attempt: a run another worker superseded stores nothing', async () => {
    const m = await makeMatch(db.prisma, agents, 'seed-attempts');
    const first = await claimMatch(db.prisma, m.id);
    const second = await claimMatch(db.prisma, m.id);
    const stale = await storeMatchResult(db.prisma, m.id, {
      ...result('seed-attempts', 'old'),
      attempt: first!.attempts,
    });
    expect(stale).toEqual({ stored: false, status: 'running', superseded: true });
    const fresh = await storeMatchResult(db.prisma, m.id, {
      ...result('seed-attempts', 'new'),
      attempt: second!.attempts,
    });
    expect(fresh).toEqual({ stored: true });
    const replay = await db.prisma.replay.findUniqueOrThrow({ where: { matchId: m.id } });
    expect(stored(replay)).toMatchObject({ tag: 'new' });
  });

  it('stores places, faults, versions and the replay, and marks the match finished', async () => {
    const m = await makeMatch(db.prisma, agents, 'seed-store');
    await claimMatch(db.prisma, m.id);
    expect(await storeMatchResult(db.prisma, m.id, result('seed-store'))).toEqual({ stored: true });
    const read = await db.prisma.match.findUniqueOrThrow({
      where: { id: m.id },
      include: { seats: { orderBy: { seat: 'asc' } }, replay: true },
    });
    expect(read.status).toBe('finished');
    expect(read.finishedAt).toBeInstanceOf(Date);
    expect([read.engineVersion, read.rulesetVersion, read.protocolVersion]).toEqual([
      '1.0.0',
      'coup-2012',
      '1',
    ]);
    expect(read.seats.map((s) => [s.place, s.faults, s.forfeited])).toEqual([
      [2, 1, false],
      [2, 3, true],
      [1, 0, false],
    ]);
    expect(read.replay?.data).toBeNull();
    expect(read.replay && stored(read.replay)).toEqual({ tag: 'a', decisions: [] });
    expect(await storeMatchResult(db.prisma, m.id, result('seed-store', 'b'))).toEqual({
      stored: false,
      status: 'finished',
    });
    expect(await claimMatch(db.prisma, m.id)).toBeNull();
  });

  it('stores exactly one result when two workers race (separate connection pools)', async () => {
    const workers: PrismaClient[] = [createPrisma(db.url), createPrisma(db.url)];
    try {
      for (let round = 0; round < 5; round++) {
        const seed = `seed-race-${round}`;
        const m = await makeMatch(db.prisma, agents, seed);
        const outcomes = await Promise.all(
          workers.map((w, i) => storeMatchResult(w, m.id, result(seed, `worker-${i}`))),
        );
        expect(outcomes.filter((o) => o.stored)).toHaveLength(1);
        const winner = outcomes.findIndex((o) => o.stored);
        const replay = await db.prisma.replay.findUniqueOrThrow({ where: { matchId: m.id } });
        expect(stored(replay)).toEqual({ tag: `worker-${winner}`, decisions: [] });
      }
    } finally {
      await Promise.all(workers.map((w) => w.$disconnect()));
    }
  });

  it('writes nothing for a wrong seed, wrong seats, or an aborted match', async () => {
    const m = await makeMatch(db.prisma, agents, 'seed-check');
    await expect(storeMatchResult(db.prisma, m.id, result('other-seed'))).rejects.toThrow(/commitment/);
    const missingSeat = { ...result('seed-check'), ranking: [[2], [0]] };
    await expect(storeMatchResult(db.prisma, m.id, missingSeat)).rejects.toThrow(/seats/);
    const twice = { ...result('seed-check'), ranking: [[2], [0, 1, 2]] };
    await expect(storeMatchResult(db.prisma, m.id, twice)).rejects.toThrow(/twice/);
    await expect(storeMatchResult(db.prisma, 'mt_nope', result('seed-check'))).rejects.toThrow(/no match/);
    const after = await db.prisma.match.findUniqueOrThrow({ where: { id: m.id }, include: { replay: true } });
    expect([after.status, after.replay]).toEqual(['queued', null]);

    await abortMatch(db.prisma, m.id, 'operator');
    expect(await storeMatchResult(db.prisma, m.id, result('seed-check'))).toEqual({
      stored: false,
      status: 'aborted',
    });
  });
});
