import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import type { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret, ID_PREFIX, newId } from '@coup/db';
import { seedCommitment } from '@coup/protocol';
import { createTestDatabase } from '@coup/db/testing';
import type { TestDatabase } from '@coup/db/testing';
import { createTransports, keys, QUEUE } from '@coup/gateway';
import type { MatchJob } from '@coup/gateway';
import { enqueueMatch, matchJobOptions } from '@coup/competition';
import { createMatchWorker } from './match-worker';

// The match worker on the real Postgres and Redis: a failure that will always happen (here a match whose
// seed does not match its published commitment, so its result can never be stored) fails the job once and
// aborts the match with the reason, instead of playing the match against the agents again and again.

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `mw${randomBytes(4).toString('hex')}`;
let db: TestDatabase;
let redis: Redis;
let queue: Queue<MatchJob>;
let worker: Worker<MatchJob>;
const agents: string[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  redis = new Redis(REDIS_URL);
  // As the platform's runtime creates it.
  queue = new Queue<MatchJob>(QUEUE.matches, {
    connection: { url: REDIS_URL },
    prefix,
    defaultJobOptions: matchJobOptions,
  });
  const owner = await db.prisma.account.create({
    data: { id: newId(ID_PREFIX.account), name: 'mw', apiKeyHash: hashSecret(prefix), apiKeyPrefix: 'x' },
  });
  for (const i of [0, 1]) {
    const a = await db.prisma.agent.create({
      data: {
        id: newId(ID_PREFIX.agent),
        ownerId: owner.id,
        name: `mw-bot-${i}`,
        transport: 'http',
        endpointUrl: 'bot:random',
        isHouse: true,
        secretHash: hashSecret(`${prefix}${i}`),
        secretEnc: 'unused',
      },
    });
    agents.push(a.id);
  }
  worker = createMatchWorker({
    prisma: db.prisma,
    redis,
    keys: keys(prefix),
    transports: createTransports({
      wsAgent: () => ({ name: 'none', decide: () => Promise.reject(new Error()) }),
      agentAddresses: 'private',
    }),
    publicUrl: 'http://localhost',
    connection: { url: REDIS_URL, maxRetriesPerRequest: null },
    prefix,
    concurrency: 1,
    lockDurationMs: 5000,
  });
}, 60_000);

afterAll(async () => {
  await worker?.close(true);
  await queue?.obliterate({ force: true }).catch(() => undefined);
  await queue?.close();
  const left = await redis.keys(`${prefix}:*`);
  if (left.length > 0) await redis.del(...left);
  redis?.disconnect();
  await db?.drop();
});

describe('match worker', () => {
  it('plays a match whose result can never be stored once, then aborts it with the reason', async () => {
    const id = newId(ID_PREFIX.match);
    await db.prisma.match.create({
      data: {
        id,
        ranked: false,
        seed: 'the real seed',
        seedCommitment: seedCommitment('another seed'),
        timeoutMs: 1000,
        seats: { create: agents.map((agentId, seat) => ({ seat, agentId })) },
      },
    });
    await enqueueMatch(queue, id);
    const until = Date.now() + 20_000;
    let m = await db.prisma.match.findUniqueOrThrow({ where: { id } });
    while (m.status !== 'aborted' && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 50));
      m = await db.prisma.match.findUniqueOrThrow({ where: { id } });
    }
    expect(m.status).toBe('aborted');
    expect(m.abortReason).toMatch(/does not match its commitment/);
    // Played once: claimed once, its job failed at the first attempt.
    expect(m.attempts).toBe(1);
    const job = await queue.getJob(id);
    expect(await job?.getState()).toBe('failed');
    expect(job?.attemptsMade).toBe(1);
    // It had retries to spare (for failures that can pass): none was used.
    expect(job?.opts.attempts).toBeGreaterThan(1);
  });
});
