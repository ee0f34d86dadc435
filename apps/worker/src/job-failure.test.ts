import { UnrecoverableError } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrisma, storeMatchResult } from '@coup/db';
import { freePort } from '@coup/devstack';
import { createTestDatabase } from '@coup/db/testing';
import type { TestDatabase } from '@coup/db/testing';
import { isTransient } from '@coup/gateway';
import { asJobFailure } from './job-failure';

// Which failures are retried (an unreachable or restarting Postgres or Redis) and which fail once: checked
// on the errors the real clients throw, and on the shapes Prisma gives a connection cut mid-query.

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await db?.drop();
});

/** The error `p` rejects with. */
async function failure(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected a failure');
}

describe('transient failures', () => {
  it('Postgres not listening (Prisma P1001) is transient', async () => {
    const prisma = createPrisma(`postgresql://postgres@127.0.0.1:${await freePort()}/none`);
    try {
      const err = await failure(prisma.match.findMany());
      expect((err as { code?: string }).code).toBe('P1001');
      expect(isTransient(err)).toBe(true);
      expect(asJobFailure(err)).not.toBeInstanceOf(UnrecoverableError);
    } finally {
      await prisma.$disconnect();
    }
  });

  it('Redis not listening (ioredis gives up on the command) is transient', async () => {
    const redis = new Redis({ port: await freePort(), maxRetriesPerRequest: 1, lazyConnect: true });
    redis.on('error', () => undefined);
    try {
      const err = await failure(redis.get('x'));
      expect(isTransient(err)).toBe(true);
    } finally {
      redis.disconnect();
    }
  });

  it.each([
    [
      'a connection terminated by a Postgres shutdown (P2010, SQLSTATE 57P01)',
      Object.assign(new Error('Raw query failed. Code: `57P01`.'), {
        code: 'P2010',
        meta: { driverAdapterError: { cause: { kind: 'postgres', code: '57P01' } } },
      }),
    ],
    [
      'a pg client whose connection died',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    [
      'a connection closed (P1017)',
      Object.assign(new Error('Server has closed the connection.'), { code: 'P1017' }),
    ],
    [
      'a pool timeout (P2024)',
      Object.assign(new Error('Timed out fetching a new connection'), { code: 'P2024' }),
    ],
    ['a socket reset', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    [
      'a wrapped cause',
      new Error('store failed', { cause: Object.assign(new Error('x'), { code: 'ECONNREFUSED' }) }),
    ],
    ['ioredis with the connection gone', new Error('Connection is closed.')],
  ])('%s is transient', (_what, err) => {
    expect(isTransient(err)).toBe(true);
    expect(asJobFailure(err)).toBe(err);
  });
});

describe('permanent failures', () => {
  it('a unique constraint (P2002) fails once', async () => {
    const data = { id: 'ac_dup', name: 'dup', apiKeyHash: 'h', apiKeyPrefix: 'p' };
    await db.prisma.account.create({ data });
    const err = await failure(db.prisma.account.create({ data }));
    expect((err as { code?: string }).code).toBe('P2002');
    expect(isTransient(err)).toBe(false);
    expect(asJobFailure(err)).toBeInstanceOf(UnrecoverableError);
  });

  it('a result that cannot be stored (the match row is gone) fails once, with its message', async () => {
    const err = await failure(
      storeMatchResult(db.prisma, 'mt_gone', {
        replay: {},
        ranking: [[0]],
        seats: [],
        seed: 's',
        versions: {},
      }),
    );
    const job = asJobFailure(err);
    expect(job).toBeInstanceOf(UnrecoverableError);
    expect(job.message).toMatch(/no match mt_gone/);
  });

  it.each([
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'seat')")],
    ['a string', 'weird'],
    ['an unrecoverable error', new UnrecoverableError('already')],
  ])('%s fails once', (_what, err) => {
    expect(isTransient(err)).toBe(false);
    expect(asJobFailure(err)).toBeInstanceOf(UnrecoverableError);
  });
});
