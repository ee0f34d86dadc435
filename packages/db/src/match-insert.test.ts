import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCommitment } from '@coup/random';
import type { PrismaClient } from './generated/client.ts';
import { ID_PREFIX } from './ids.ts';
import {
  HumanSeatNotRankedError,
  RankedAgentTwiceError,
  insertMatch,
  insertMatches,
} from './match-insert.ts';
import { createTestDatabase, seedAccount, seedAgent } from './testing.ts';
import type { TestDatabase } from './testing.ts';

// insertMatch writes a match and its seats in one SQL statement: what it writes must be what the rest of the
// platform reads (the seats' copies of created_at and ranked included), and a ranked match never seats a person.

let db: TestDatabase;
let ownerId: string;
beforeAll(async () => {
  process.env.SECRET_KEY ??= 'create-match-test-key';
  db = await createTestDatabase();
  ownerId = (await seedAccount(db.prisma)).id;
});
afterAll(() => db?.drop());

const agent = (prisma: PrismaClient, transport: 'http' | 'human' = 'http') =>
  seedAgent(prisma, ownerId, { transport });

describe('insertMatch', () => {
  it('writes a queued match with its seats in seat order, the seed private and its commitment public', async () => {
    const ids = [await agent(db.prisma), await agent(db.prisma), await agent(db.prisma)];
    const id = await insertMatch(db.prisma, { agentIds: ids, ranked: true, timeoutMs: 1234, seed: 'a-seed' });
    expect(id.startsWith(`${ID_PREFIX.match}_`)).toBe(true);
    const m = await db.prisma.match.findUniqueOrThrow({
      where: { id },
      include: { seats: { orderBy: { seat: 'asc' } } },
    });
    expect(m).toMatchObject({
      status: 'queued',
      ranked: true,
      seed: 'a-seed',
      seedCommitment: seedCommitment('a-seed'),
      timeoutMs: 1234,
      attempts: 0,
      eventId: null,
      groupId: null,
      createdById: null,
    });
    expect(m.seats.map((s) => [s.seat, s.agentId, s.place, s.faults, s.forfeited])).toEqual(
      ids.map((a, i) => [i, a, null, 0, false]),
    );
    for (const s of m.seats) expect([s.createdAt, s.ranked]).toEqual([m.createdAt, true]);

    const casual = await insertMatch(db.prisma, { agentIds: ids.slice(0, 2), ranked: false, timeoutMs: 50 });
    const c = await db.prisma.match.findUniqueOrThrow({ where: { id: casual }, include: { seats: true } });
    expect(c.seed).not.toBe('a-seed');
    expect(c.seedCommitment).toBe(seedCommitment(c.seed));
    expect(c.seats.map((s) => s.ranked)).toEqual([false, false]);
  });

  it('refuses a ranked match with a person seated, writing nothing; casual tables may seat people', async () => {
    const bot = await agent(db.prisma);
    const person = await agent(db.prisma, 'human');
    const before = await db.prisma.match.count();
    await expect(
      insertMatch(db.prisma, { agentIds: [bot, person], ranked: true, timeoutMs: 100 }),
    ).rejects.toEqual(new HumanSeatNotRankedError(person));
    expect(await db.prisma.match.count()).toBe(before);
    const id = await insertMatch(db.prisma, { agentIds: [bot, person], ranked: false, timeoutMs: 100 });
    expect(await db.prisma.matchSeat.count({ where: { matchId: id } })).toBe(2);
  });

  it('takes part in a transaction: rolled back with it', async () => {
    const ids = [await agent(db.prisma), await agent(db.prisma)];
    let written = '';
    await expect(
      db.prisma.$transaction(async (tx) => {
        written = await insertMatch(tx, { agentIds: ids, ranked: false, timeoutMs: 100 });
        expect(await tx.matchSeat.count({ where: { matchId: written } })).toBe(2);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await db.prisma.match.findUnique({ where: { id: written } })).toBeNull();
  });

  it('fails on an unknown agent, writing nothing', async () => {
    const before = await db.prisma.match.count();
    await expect(
      insertMatch(db.prisma, {
        agentIds: [await agent(db.prisma), 'ag_unknown'],
        ranked: false,
        timeoutMs: 100,
      }),
    ).rejects.toThrow();
    expect(await db.prisma.match.count()).toBe(before);
  });
});

describe('insertMatches', () => {
  it('writes several matches in one statement, each with its own fields and seats, ids in the order given', async () => {
    const a = [
      await agent(db.prisma),
      await agent(db.prisma),
      await agent(db.prisma),
      await agent(db.prisma),
    ];
    const ids = await insertMatches(db.prisma, [
      { agentIds: [a[0]!, a[1]!], ranked: true, timeoutMs: 100, ruleset: 'inquisitors' },
      { agentIds: [a[2]!, a[3]!, a[0]!], ranked: false, timeoutMs: 200, seed: 'given', seatRotation: 2 },
      { agentIds: [a[1]!, a[2]!], ranked: true, timeoutMs: 100, ruleset: 'inquisitors' },
    ]);
    expect(ids).toHaveLength(3);
    // Every seat has its own match's copies (agent_stats sums a seat in its ruleset's row), the last too.
    const seats = await db.prisma.matchSeat.findMany({ where: { matchId: { in: ids } } });
    expect(seats).toHaveLength(7);
    for (const s of seats) {
      const m = await db.prisma.match.findUniqueOrThrow({ where: { id: s.matchId } });
      expect([s.ruleset, s.ranked, s.createdAt]).toEqual([m.ruleset, m.ranked, m.createdAt]);
    }
    expect(seats.filter((s) => s.matchId === ids[2]).map((s) => s.ruleset)).toEqual([
      'inquisitors',
      'inquisitors',
    ]);
    const [first, second] = await Promise.all(
      ids.slice(0, 2).map((id) =>
        db.prisma.match.findUniqueOrThrow({
          where: { id },
          include: { seats: { orderBy: { seat: 'asc' } } },
        }),
      ),
    );
    expect(first).toMatchObject({ status: 'queued', ranked: true, timeoutMs: 100, ruleset: 'inquisitors' });
    expect(first!.seedCommitment).toBe(seedCommitment(first!.seed));
    expect(first!.seats.map((s) => [s.seat, s.agentId, s.ranked])).toEqual([
      [0, a[0], true],
      [1, a[1], true],
    ]);
    expect(second).toMatchObject({ ranked: false, timeoutMs: 200, seed: 'given', seatRotation: 2 });
    expect(second).toMatchObject({ ruleset: 'original', eventId: null, groupId: null });
    expect(second!.seats.map((s) => [s.seat, s.agentId, s.ranked])).toEqual([
      [0, a[2], false],
      [1, a[3], false],
      [2, a[0], false],
    ]);
    for (const m of [first!, second!]) for (const s of m.seats) expect(s.createdAt).toEqual(m.createdAt);
    expect(await insertMatches(db.prisma, [])).toEqual([]);
  });

  it('writes none of them when one ranked match would seat a person', async () => {
    const bots = [await agent(db.prisma), await agent(db.prisma)];
    const person = await agent(db.prisma, 'human');
    const before = await db.prisma.match.count();
    await expect(
      insertMatches(db.prisma, [
        { agentIds: bots, ranked: true, timeoutMs: 100 },
        { agentIds: [bots[0]!, person], ranked: false, timeoutMs: 100 },
        { agentIds: [bots[1]!, person], ranked: true, timeoutMs: 100 },
      ]),
    ).rejects.toEqual(new HumanSeatNotRankedError(person));
    expect(await db.prisma.match.count()).toBe(before);
  });

  it('writes none of them when one ranked match would seat an agent twice; casual ones may', async () => {
    const [a, b, c] = [await agent(db.prisma), await agent(db.prisma), await agent(db.prisma)];
    const before = await db.prisma.match.count();
    await expect(
      insertMatches(db.prisma, [
        { agentIds: [a, b], ranked: true, timeoutMs: 100 },
        { agentIds: [b, c, b], ranked: true, timeoutMs: 100 },
      ]),
    ).rejects.toEqual(new RankedAgentTwiceError(b));
    expect(await db.prisma.match.count()).toBe(before);
    const id = await insertMatch(db.prisma, { agentIds: [a, a, c], ranked: false, timeoutMs: 100 });
    expect(await db.prisma.matchSeat.count({ where: { matchId: id } })).toBe(3);
  });

  it('runs in a transaction client as well (the matchmaker pass)', async () => {
    const bots = [await agent(db.prisma), await agent(db.prisma)];
    const ids = await db.prisma.$transaction((tx) =>
      insertMatches(tx, [
        { agentIds: bots, ranked: true, timeoutMs: 100, eventId: undefined },
        { agentIds: [...bots].reverse(), ranked: true, timeoutMs: 100 },
      ]),
    );
    const seats = await db.prisma.matchSeat.findMany({ where: { matchId: { in: ids } } });
    expect(seats).toHaveLength(4);
  });
});
