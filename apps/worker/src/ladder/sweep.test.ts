import { randomBytes } from 'node:crypto';
import { Queue, UnrecoverableError, Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret, ID_PREFIX, newId } from '@coup/db';
import { seedCommitment } from '@coup/protocol';
import { createTestDatabase } from '@coup/db/testing';
import type { TestDatabase } from '@coup/db/testing';
import { QUEUE } from '@coup/gateway';
import type { MatchJob } from '@coup/gateway';
import { enqueueMatch } from '@coup/competition';
import { MAX_MATCH_ATTEMPTS, sweepMatches } from './sweep';

// The sweeper on the real Postgres and Redis: matches whose job is gone or failed for good are re-queued
// or aborted with a reason; matches whose job is alive, and young matches, are left alone.

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const LOCK_MS = 1000;
const GRACE_MS = 2000;

let db: TestDatabase;
let queue: Queue<MatchJob>;
const prefix = `sweep${randomBytes(4).toString('hex')}`;
let agents: string[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  queue = new Queue<MatchJob>(QUEUE.matches, { connection: { url: REDIS_URL }, prefix });
  const owner = await db.prisma.account.create({
    data: { id: newId(ID_PREFIX.account), name: 'sweep', apiKeyHash: hashSecret(prefix), apiKeyPrefix: 'x' },
  });
  agents = [];
  for (const i of [0, 1]) {
    const agent = await db.prisma.agent.create({
      data: {
        id: newId(ID_PREFIX.agent),
        ownerId: owner.id,
        name: `bot-${i}`,
        transport: 'http',
        endpointUrl: 'bot:random',
        isHouse: true,
        secretHash: hashSecret(`s${i}${prefix}`),
        secretEnc: 'unused',
      },
    });
    agents.push(agent.id);
  }
}, 60_000);

afterAll(async () => {
  await queue?.obliterate({ force: true }).catch(() => undefined);
  await queue?.close();
  await db?.drop();
});

type Shape = { status: 'queued' | 'running'; ageMs: number; attempts?: number };

/** A match `ageMs` old: created then (queued) or started then (running). */
async function match(s: Shape): Promise<string> {
  const id = newId(ID_PREFIX.match);
  const at = new Date(Date.now() - s.ageMs);
  await db.prisma.match.create({
    data: {
      id,
      ranked: false,
      seed: id,
      seedCommitment: seedCommitment(id),
      timeoutMs: 1000,
      status: s.status,
      attempts: s.attempts ?? (s.status === 'running' ? 1 : 0),
      createdAt: at,
      startedAt: s.status === 'running' ? at : null,
      seats: { create: agents.map((agentId, seat) => ({ seat, agentId })) },
    },
  });
  return id;
}

/** Moves the match's job to failed for good, the way a worker does with an unrecoverable error. */
async function failJob(id: string, reason: string): Promise<void> {
  await enqueueMatch(queue, id);
  const worker = new Worker<MatchJob>(QUEUE.matches, null, {
    connection: { url: REDIS_URL },
    prefix,
    autorun: false,
  });
  try {
    const token = `t-${id}`;
    for (;;) {
      const job = await worker.getNextJob(token);
      if (!job) throw new Error('no job to fail');
      if (job.id === id) {
        await job.moveToFailed(new UnrecoverableError(reason), token);
        return;
      }
      await job.moveToDelayed(Date.now() + 60_000, token);
    }
  } finally {
    await worker.close();
  }
}

const sweep = () => sweepMatches(db.prisma, { matchQueue: queue, lockMs: LOCK_MS, graceMs: GRACE_MS });
const row = (id: string) => db.prisma.match.findUniqueOrThrow({ where: { id } });

describe('sweepMatches', () => {
  it('re-queues a queued match whose job is missing, once it is older than the grace period', async () => {
    const lost = await match({ status: 'queued', ageMs: GRACE_MS + 1000 });
    const young = await match({ status: 'queued', ageMs: 0 });
    const report = await sweep();
    expect(report.requeued).toContain(lost);
    expect(report.requeued).not.toContain(young);
    // A casual match: it waits behind the platform's own matches (match-placement.ts).
    expect(await queue.getJobState(lost)).toBe('prioritized');
    expect(await queue.getJobState(young)).toBe('unknown');
    // A second sweep leaves it: its job is there now.
    expect((await sweep()).requeued).not.toContain(lost);
  });

  it('aborts a queued match whose job failed for good, with the failure as the reason', async () => {
    const id = await match({ status: 'queued', ageMs: GRACE_MS + 1000 });
    await failJob(id, 'agent ag_x was deleted');
    const report = await sweep();
    expect(report.aborted.map((a) => a.id)).toContain(id);
    const m = await row(id);
    expect(m.status).toBe('aborted');
    expect(m.abortReason).toBe('worker error: agent ag_x was deleted');
  });

  it('re-queues a running match whose worker and job are gone, as a fresh attempt', async () => {
    const id = await match({ status: 'running', ageMs: LOCK_MS + GRACE_MS + 1000 });
    const recent = await match({ status: 'running', ageMs: 0 });
    const report = await sweep();
    expect(report.requeued).toContain(id);
    expect(report.requeued).not.toContain(recent);
    expect((await row(id)).status).toBe('queued');
    expect(await queue.getJobState(id)).toBe('prioritized');
    expect((await row(recent)).status).toBe('running');
  });

  it('leaves a running match whose job is alive (waiting to be retried)', async () => {
    const id = await match({ status: 'running', ageMs: LOCK_MS + GRACE_MS + 1000 });
    await queue.add('match', { matchId: id }, { jobId: id, delay: 60_000 });
    const report = await sweep();
    expect(report.requeued).not.toContain(id);
    expect(report.aborted.map((a) => a.id)).not.toContain(id);
    expect((await row(id)).status).toBe('running');
  });

  it('aborts a running match that lost its worker too many times, with a reason', async () => {
    const id = await match({
      status: 'running',
      ageMs: LOCK_MS + GRACE_MS + 1000,
      attempts: MAX_MATCH_ATTEMPTS,
    });
    await sweep();
    const m = await row(id);
    expect(m.status).toBe('aborted');
    expect(m.abortReason).toMatch(/no result after 5 attempts/);
  });

  it('aborts a running match whose job failed for good while Postgres could not take the abort', async () => {
    const id = await match({ status: 'running', ageMs: LOCK_MS + GRACE_MS + 1000 });
    await failJob(id, 'Unexpected replay shape');
    await sweep();
    const m = await row(id);
    expect(m.status).toBe('aborted');
    expect(m.abortReason).toBe('worker error: Unexpected replay shape');
  });

  it('puts a lost job back in the queue of its lane, with its account, and looks for a live job in both', async () => {
    const tables = new Queue<MatchJob>(QUEUE.tables, { connection: { url: REDIS_URL }, prefix });
    try {
      const queues = { matches: queue, tables };
      const sweepBoth = () =>
        sweepMatches(db.prisma, { matchQueue: queues, lockMs: LOCK_MS, graceMs: GRACE_MS });
      const ranked = await match({ status: 'queued', ageMs: GRACE_MS + 1000 });
      await db.prisma.match.update({ where: { id: ranked }, data: { ranked: true } });
      const table = await match({ status: 'queued', ageMs: GRACE_MS + 1000 });
      const owner = (await db.prisma.agent.findUniqueOrThrow({ where: { id: agents[0]! } })).ownerId;
      const person = await db.prisma.agent.create({
        data: {
          id: newId(ID_PREFIX.agent),
          ownerId: owner,
          name: `person-${prefix}`,
          transport: 'human',
          secretHash: hashSecret(`p${prefix}`),
          secretEnc: 'unused',
        },
      });
      await db.prisma.matchSeat.update({
        where: { matchId_seat: { matchId: table, seat: 1 } },
        data: { agentId: person.id },
      });
      await db.prisma.match.update({ where: { id: table }, data: { createdById: owner } });
      const report = await sweepBoth();
      expect(report.requeued).toEqual(expect.arrayContaining([ranked, table]));
      // The platform's match: no priority, ahead of every casual one.
      expect(await queue.getJobState(ranked)).toBe('waiting');
      // The table: in the tables queue only, charged to its account.
      expect(await tables.getJobState(table)).toBe('prioritized');
      expect(await queue.getJobState(table)).toBe('unknown');
      expect((await tables.getJob(table))?.data).toEqual({ matchId: table, account: owner });
      // Its job is alive in the tables queue: a second sweep leaves it there and adds none elsewhere.
      expect((await sweepBoth()).requeued).not.toContain(table);
      expect(await queue.getJobState(table)).toBe('unknown');
    } finally {
      await tables.obliterate({ force: true }).catch(() => undefined);
      await tables.close();
    }
  });
});
