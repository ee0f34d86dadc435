import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, seedAccount, seedAgent } from '@coup/db/testing';
import type { TestDatabase } from '@coup/db/testing';
import { prismaLeaderboard } from './leaderboard';

// The leaderboard kept in memory by ladder version: every change to what it shows is seen by the next read,
// by this repository and by another one over the same database (another API process).

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.drop());

const names = (p: { rows: { name: string }[] }) => p.rows.map((r) => r.name);
const all = { limit: 50, offset: 0, establishedOnly: false };

describe('prismaLeaderboard', () => {
  it('serves every change from the next read, in each process, and pages the kept board', async () => {
    const { prisma } = db;
    const owner = await seedAccount(prisma, 'owner');
    const ids: string[] = [];
    for (const [name, rating, rd] of [
      ['a', 1700, 60],
      ['b', 1600, 60],
      ['c', 1650, 150],
    ] as const) {
      const id = await seedAgent(prisma, owner.id, { name });
      await prisma.rating.create({ data: { agentId: id, rating, rd, vol: 0.06, games: 3, wins: 1 } });
      ids.push(id);
    }
    const [a, b, c] = ids as [string, string, string];
    const one = prismaLeaderboard(prisma);
    const other = prismaLeaderboard(prisma);
    // conservative: a 1580, b 1480, c 1350
    expect(names(await one.page(all))).toEqual(['a', 'b', 'c']);
    expect(names(await other.page(all))).toEqual(['a', 'b', 'c']);
    expect(await one.page({ ...all, establishedOnly: true })).toMatchObject({ total: 2 });
    expect(await one.page({ ...all, limit: 1, offset: 1 })).toMatchObject({
      total: 3,
      rows: [{ name: 'b' }],
    });

    // A closed period (ratings), a live rating, a renamed agent, a renamed owner, a deleted agent.
    await prisma.rating.update({
      where: { agentId_ruleset: { agentId: b, ruleset: 'original' } },
      data: { rating: 1800 },
    });
    expect(names(await one.page(all))).toEqual(['b', 'a', 'c']);
    expect(names(await other.page(all))).toEqual(['b', 'a', 'c']);
    await prisma.liveRating.create({
      data: { agentId: c, rating: 2000, rd: 60, vol: 0.06, games: 4, wins: 4, asOf: new Date() },
    });
    expect((await one.page(all)).rows[0]).toMatchObject({ name: 'c', games: 4, liveAsOf: expect.any(Date) });
    await prisma.agent.update({ where: { id: a }, data: { name: 'a2' } });
    await prisma.account.update({ where: { id: owner.id }, data: { name: 'owner2' } });
    expect(await other.page(all)).toMatchObject({
      rows: [{ name: 'c' }, { name: 'b' }, { name: 'a2', ownerName: 'owner2' }],
    });
    await prisma.agent.update({ where: { id: b }, data: { deletedAt: new Date() } });
    expect(names(await one.page(all))).toEqual(['c', 'a2']);
    expect(names(await other.page(all))).toEqual(['c', 'a2']);
  });

  it('reads that arrive together agree, and the queue flags do not move the ladder version', async () => {
    const { prisma } = db;
    const board = prismaLeaderboard(prisma);
    const version = async () =>
      (await prisma.$queryRaw<{ v: bigint }[]>`SELECT version AS v FROM ladder_version`)[0]?.v;
    const before = await version();
    const pages = await Promise.all(Array.from({ length: 5 }, () => board.page(all)));
    expect(new Set(pages.map((p) => p.total)).size).toBe(1);
    // Moving the agents in and out of the queue is not a change of the ladder.
    await prisma.agent.updateMany({ data: { inQueue: true } });
    expect(await version()).toBe(before);
  });
});
