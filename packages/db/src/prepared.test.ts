import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poolOf } from './client.ts';
import { Prisma } from './generated/client.ts';
import { insertMatch } from './match-insert.ts';
import { claimMatch } from './matches.ts';
import { preparedRows } from './prepared.ts';
import { createTestDatabase, seedAccount, seedAgent } from './testing.ts';
import type { TestDatabase } from './testing.ts';

// The hot statements run on pg's own pool (prepared.ts): what they return must read as Prisma reads it.

let db: TestDatabase;
let agentIds: string[];
beforeAll(async () => {
  db = await createTestDatabase();
  const owner = await seedAccount(db.prisma);
  agentIds = [
    await seedAgent(db.prisma, owner.id, { rulesets: ['original', 'inquisitors'], queueReason: null }),
    await seedAgent(db.prisma, owner.id, {
      transport: 'ws',
      historyMode: 'full',
      inQueue: true,
      queueJoinedAt: new Date(),
    }),
  ];
});
afterAll(() => db?.drop());

describe('preparedRows', () => {
  it('runs on the pool of a client from createPrisma, and through Prisma for a transaction', async () => {
    expect(poolOf(db.prisma)).toBeDefined();
    const query = Prisma.sql`SELECT ${7}::int AS n, ${['a', 'b']}::text[] AS xs, ${null}::text AS none`;
    const direct = await preparedRows(db.prisma, 'coup_test_prepared', query);
    const inTx = await db.prisma.$transaction(async (tx) => {
      expect(poolOf(tx)).toBeUndefined();
      return preparedRows(tx, 'coup_test_prepared', query);
    });
    expect(direct).toEqual([{ n: 7, xs: ['a', 'b'], none: null }]);
    expect(inTx).toEqual(direct);
  });

  it('claims a match whose agents read exactly as Prisma reads their rows', async () => {
    const id = await insertMatch(db.prisma, { agentIds, ranked: false, timeoutMs: 5000 });
    const claimed = await claimMatch(db.prisma, id);
    const rows = await db.prisma.agent.findMany({ where: { id: { in: agentIds } } });
    expect(claimed?.seats.map((s) => s.agent)).toEqual(agentIds.map((a) => rows.find((r) => r.id === a)));
    expect(claimed).toMatchObject({ id, attempts: 1, ranked: false, groupId: null, payerId: null });
  });
});
