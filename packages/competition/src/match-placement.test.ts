import { randomBytes } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID_PREFIX, newId, insertMatch } from '@coup/db';
import { createTestDatabase, seedAccount, seedAgent } from '@coup/db/testing';
import type { TestDatabase } from '@coup/db/testing';
import { enqueueMatch, enqueueMatches } from './create-match';
import { insertMatchGroup } from './match-groups';
import { casual, FORMED, placementOf, table } from './match-placement';
import { MATCH_RETRY } from './match-retry';
import type { MatchQueues } from './match-placement';
import { QUEUE } from '@coup/gateway';
import type { MatchJob } from '@coup/gateway';

// Where a match's job goes (issue 17, "One account cannot starve the others"): the platform's matches
// (ranked, events) ahead of every casual one, a casual match charged to its account (or its experiment's
// owner), a table seating a person in a queue of its own; read back from the match alone for the sweeper.

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `placement${randomBytes(4).toString('hex')}`;
const connection = { url: REDIS_URL };
const queues: MatchQueues = {
  matches: new Queue<MatchJob>(QUEUE.matches, { connection, prefix }),
  tables: new Queue<MatchJob>(QUEUE.tables, { connection, prefix }),
};
let db: TestDatabase;
let owner: string;

beforeAll(async () => {
  process.env.SECRET_KEY ??= 'match-placement-test-key';
  db = await createTestDatabase();
  owner = (await seedAccount(db.prisma)).id;
}, 60_000);

afterAll(async () => {
  for (const q of [queues.matches, queues.tables]) {
    await q.obliterate({ force: true }).catch(() => undefined);
    await q.close();
  }
  await db?.drop();
});

const agent = (transport: 'http' | 'human' = 'http') => seedAgent(db.prisma, owner, { transport });

/** The ids of the jobs a worker would take from `queue`, in order. */
async function takeOrder(queue: string): Promise<string[]> {
  const worker = new Worker<MatchJob>(queue, null, { connection, prefix, autorun: false });
  const order: string[] = [];
  try {
    for (;;) {
      const job = await worker.getNextJob('t', { block: false });
      if (!job) return order;
      order.push(job.id ?? '?');
    }
  } finally {
    await worker.close();
  }
}

describe('match placement', () => {
  it("hands the platform's matches out before casual ones, and tables from their own queue", async () => {
    await enqueueMatch(queues, 'mt_casual1', casual('acc_a'));
    await enqueueMatch(queues, 'mt_operator', casual(null));
    await enqueueMatch(queues, 'mt_table', table('acc_a'));
    await enqueueMatch(queues, 'mt_ranked', FORMED);
    await enqueueMatch(queues, 'mt_casual2', casual('acc_b'));
    expect((await queues.matches.getJob('mt_casual1'))?.data).toEqual({
      matchId: 'mt_casual1',
      account: 'acc_a',
    });
    expect((await queues.matches.getJob('mt_operator'))?.data).toEqual({ matchId: 'mt_operator' });
    expect((await queues.tables.getJob('mt_table'))?.data).toEqual({ matchId: 'mt_table', account: 'acc_a' });
    expect(await queues.matches.getJob('mt_table')).toBeUndefined();
    // The ranked match, queued after two casual ones, is taken first; casual ones keep their order.
    expect(await takeOrder(QUEUE.matches)).toEqual(['mt_ranked', 'mt_casual1', 'mt_operator', 'mt_casual2']);
    expect(await takeOrder(QUEUE.tables)).toEqual(['mt_table']);
  });

  it('queues a batch of matches (a matchmaking pass) as enqueueMatch queues each, a job id once', async () => {
    await enqueueMatch(queues, 'mt_single', casual('acc_c'));
    await enqueueMatches(queues, ['mt_batch1', 'mt_batch2', 'mt_batch3'], FORMED);
    await enqueueMatches(queues, ['mt_batch2'], FORMED); // already queued: not added twice
    await enqueueMatches(queues, [], FORMED);
    for (const id of ['mt_batch1', 'mt_batch2', 'mt_batch3']) {
      const job = await queues.matches.getJob(id);
      expect(job?.data).toEqual({ matchId: id });
      expect(job?.opts.attempts).toBe(MATCH_RETRY.attempts);
    }
    // Ranked first, in the batch's order; then the casual match queued before them.
    expect(await takeOrder(QUEUE.matches)).toEqual(['mt_batch1', 'mt_batch2', 'mt_batch3', 'mt_single']);
  });

  it('reads the placement back from the match: ranked, event, casual, experiment, table', async () => {
    const a = await agent();
    const b = await agent();
    const person = await agent('human');
    const ranked = await insertMatch(db.prisma, { agentIds: [a, b], ranked: true, timeoutMs: 1000 });
    const event = await db.prisma.event.create({
      data: {
        id: newId(ID_PREFIX.event),
        name: newId('ev'),
        format: 'round_robin',
        seatsPerMatch: 2,
        rounds: 1,
        entry: 'list',
        startsAt: new Date(),
      },
    });
    const unrated = await insertMatch(db.prisma, {
      agentIds: [a, b],
      ranked: false,
      timeoutMs: 1000,
      eventId: event.id,
      eventRound: 0,
    });
    const mine = await insertMatch(db.prisma, {
      agentIds: [a, b],
      ranked: false,
      timeoutMs: 1000,
      createdById: owner,
    });
    const operator = await insertMatch(db.prisma, { agentIds: [a, b], ranked: false, timeoutMs: 1000 });
    const tableId = await insertMatch(db.prisma, {
      agentIds: [person, a],
      ranked: false,
      timeoutMs: 1000,
      createdById: owner,
    });
    const experiment = await db.prisma.experiment.create({
      data: {
        id: newId(ID_PREFIX.experiment),
        ownerId: owner,
        name: 'x',
        modelName: 'm',
        opponentIds: [b],
        deals: 1,
        seed: 's',
        timeoutMs: 1000,
      },
    });
    const { matchIds } = await insertMatchGroup(db.prisma, {
      matches: [{ lineup: [a, b], rotation: 0 }],
      ranked: false,
      timeoutMs: 1000,
      experimentId: experiment.id,
      deal: 0,
    });
    expect(await placementOf(db.prisma, ranked)).toEqual(FORMED);
    expect(await placementOf(db.prisma, unrated)).toEqual(FORMED);
    expect(await placementOf(db.prisma, mine)).toEqual(casual(owner));
    expect(await placementOf(db.prisma, operator)).toEqual(casual(null));
    expect(await placementOf(db.prisma, tableId)).toEqual(table(owner));
    expect(await placementOf(db.prisma, matchIds[0]!)).toEqual(casual(owner));
    expect(await placementOf(db.prisma, 'mt_none')).toBeNull();
  });
});
