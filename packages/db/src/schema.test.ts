import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptSecret, hashSecret } from './crypto.ts';
import { Prisma } from './generated/client.ts';
import { createTestDatabase } from './testing.ts';
import type { TestDatabase } from './testing.ts';
import { makeAccount, makeAgent, makeMatch } from './test-fixtures.ts';

let db: TestDatabase;
beforeAll(async () => {
  process.env.SECRET_KEY ??= 'schema-test-key';
  db = await createTestDatabase();
});
afterAll(() => db?.drop());

describe('schema', () => {
  it('round-trips an account, agents, a match with seats and a JSONB replay', async () => {
    const { prisma } = db;
    const owner = await makeAccount(prisma, 'alice');
    const a = await makeAgent(prisma, owner.id, 'alpha');
    const b = await makeAgent(prisma, owner.id, 'beta');
    const match = await makeMatch(prisma, [a.id, b.id], 'the-seed');
    const replay = {
      version: 1,
      decisions: [{ seat: 0, action: { type: 'income' }, latencyMs: 12 }],
      note: 'é✓',
    };
    await prisma.replay.create({ data: { matchId: match.id, data: replay } });

    const read = await prisma.match.findUniqueOrThrow({
      where: { id: match.id },
      include: {
        seats: { orderBy: { seat: 'asc' }, include: { agent: { include: { owner: true } } } },
        replay: true,
      },
    });
    expect(read.status).toBe('queued');
    expect(read.attempts).toBe(0);
    expect(read.seats.map((s) => [s.seat, s.agent.name, s.faults, s.forfeited, s.place])).toEqual([
      [0, 'alpha', 0, false, null],
      [1, 'beta', 0, false, null],
    ]);
    expect(read.seats[0]?.agent.owner.name).toBe('alice');
    expect(read.replay?.data).toEqual(replay);
    expect(read.createdAt).toBeInstanceOf(Date);

    const agent = await prisma.agent.findUniqueOrThrow({ where: { secretHash: a.secretHash } });
    expect(agent.status).toBe('active');
    expect(hashSecret(decryptSecret(agent.secretEnc))).toBe(agent.secretHash);
  });

  it('queries JSONB replays with Postgres operators', async () => {
    const rows = await db.prisma.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM replays WHERE data @> '{"version": 1}'::jsonb`;
    expect(rows[0]?.n).toBe(1);
  });

  it('enforces unique names and keys', async () => {
    const { prisma } = db;
    await expect(makeAccount(prisma, 'alice')).rejects.toMatchObject({ code: 'P2002' });
    const owner = await prisma.account.findUniqueOrThrow({ where: { name: 'alice' } });
    await expect(makeAgent(prisma, owner.id, 'alpha')).rejects.toBeInstanceOf(
      Prisma.PrismaClientKnownRequestError,
    );
  });

  it('keeps soft-deleted agents referenced by past matches; refuses hard deletes', async () => {
    const { prisma } = db;
    const alpha = await prisma.agent.findUniqueOrThrow({ where: { name: 'alpha' } });
    await prisma.agent.update({
      where: { id: alpha.id },
      data: { deletedAt: new Date(), status: 'disabled' },
    });
    const seats = await prisma.matchSeat.findMany({ where: { agentId: alpha.id }, include: { agent: true } });
    expect(seats[0]?.agent.deletedAt).toBeInstanceOf(Date);
    await expect(prisma.agent.delete({ where: { id: alpha.id } })).rejects.toThrow();
  });

  it('stores ratings, history, periods and events', async () => {
    const { prisma } = db;
    const beta = await prisma.agent.findUniqueOrThrow({ where: { name: 'beta' } });
    await prisma.ratingPeriod.create({
      data: { index: 0, startsAt: new Date(0), endsAt: new Date(600_000) },
    });
    await prisma.rating.create({ data: { agentId: beta.id, rating: 1500, rd: 350, vol: 0.06 } });
    await prisma.ratingHistory.create({
      data: { agentId: beta.id, periodIndex: 0, rating: 1510.5, rd: 300.25, vol: 0.06, games: 3 },
    });
    const board = await prisma.$queryRaw<{ agent_id: string; conservative: number }[]>`
      SELECT agent_id, rating - 2 * rd AS conservative FROM ratings ORDER BY rating - 2 * rd DESC`;
    expect(board).toEqual([{ agent_id: beta.id, conservative: 800 }]);
    const event = await prisma.event.create({
      data: {
        id: 'ev_test',
        name: 'Cup',
        format: 'swiss',
        seatsPerMatch: 4,
        rounds: 3,
        entry: 'list',
        startsAt: new Date(),
        entries: { create: [{ agentId: beta.id }] },
      },
      include: { entries: true },
    });
    expect(event.status).toBe('open');
    expect(event.entries).toHaveLength(1);
    await expect(
      prisma.eventEntry.create({ data: { eventId: event.id, agentId: beta.id } }),
    ).rejects.toThrow();
  });
});
