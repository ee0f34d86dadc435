import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID_PREFIX, newId } from '@coup/db';
import { createTestDatabase, seedAccount, seedAgent } from '@coup/db/testing';
import type { TestDatabase } from '@coup/db/testing';
import { RATING_EPOCH_MS } from '@coup/gateway';
import { checkRatings } from '@coup/competition';
import { seedCommitment } from '@coup/protocol';
import { periodIndexOf, periodStart } from '@coup/rating';
import { threadNices } from '@coup/threads/testing';
import { hasDueBacklog } from './close-periods';
import { closerThread } from './closer-thread';

// The rating closer on its own thread (closer-thread.ts) against Postgres: it closes the due periods as the
// in-process closer does, leaves the open one, and a failure comes back as an error, not a crash.

const PERIOD_MS = 60_000;
const P = periodIndexOf(Date.now(), PERIOD_MS, RATING_EPOCH_MS) - 10;
const at = (period: number, ms = 1000) => new Date(periodStart(period, PERIOD_MS, RATING_EPOCH_MS) + ms);

let db: TestDatabase;
const ids: string[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  const owner = await seedAccount(db.prisma, 'thr');
  for (let k = 0; k < 4; k++) ids.push(await seedAgent(db.prisma, owner.id));
}, 60_000);

afterAll(async () => {
  await db?.drop();
});

async function match(finishedAt: Date, order: string[]) {
  const id = newId(ID_PREFIX.match);
  await db.prisma.match.create({
    data: {
      id,
      ranked: true,
      status: 'finished',
      seed: id,
      seedCommitment: seedCommitment(id),
      timeoutMs: 100,
      finishedAt,
      seats: { create: order.map((agentId, seat) => ({ seat, agentId, place: seat + 1 })) },
    },
  });
}

describe('the rating closer thread', () => {
  it('closes every due period, in order, and leaves the open one', { timeout: 60_000 }, async () => {
    const [a, b, c, d] = ids as [string, string, string, string];
    await match(at(P), [a, b, c, d]);
    await match(at(P, 2000), [b, a]);
    await match(at(P + 3), [c, d, a]);
    await match(at(P + 10, 100), [d, c]); // the current period: not closed
    // Three due matches (the open period's does not count): a backlog over 2, not over 3 (the ladder
    // starts the thread only for a backlog over THREAD_BACKLOG).
    expect(await hasDueBacklog(db.prisma, { periodMs: PERIOD_MS }, 2)).toBe(true);
    expect(await hasDueBacklog(db.prisma, { periodMs: PERIOD_MS }, 3)).toBe(false);
    const before = threadNices();
    const closer = closerThread(db.url);
    try {
      expect(await closer.close({ periodMs: PERIOD_MS })).toEqual([P, P + 3]);
      // Batch work beside play: the closer's thread alone runs at the lowest priority.
      // (Where the tests themselves run at 19 there is nothing lower to see.)
      const lowest = (nices: number[]) => nices.filter((n) => n === 19).length;
      if (process.platform === 'linux' && Math.min(...before) < 19) {
        expect(lowest(threadNices())).toBe(lowest(before) + 1);
      }
      expect(await closer.close({ periodMs: PERIOD_MS })).toEqual([]);
      expect(await hasDueBacklog(db.prisma, { periodMs: PERIOD_MS }, 0)).toBe(false);
    } finally {
      await closer.stop();
    }
    expect(await db.prisma.rating.count()).toBe(4);
    expect(await db.prisma.match.count({ where: { ratingPeriodId: null } })).toBe(1);
    expect(await checkRatings(db.prisma, PERIOD_MS)).toMatchObject({ identical: true, matches: 3 });
  });

  it('reports a database it cannot reach as an error of the call', { timeout: 60_000 }, async () => {
    const closer = closerThread('postgresql://nobody@127.0.0.1:1/none');
    try {
      await expect(closer.close({ periodMs: PERIOD_MS })).rejects.toThrow(/rating closer/);
    } finally {
      await closer.stop();
    }
  });
});
