import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret, ID_PREFIX, newId } from '@coup/db';
import { createTestDatabase } from '@coup/db/testing';
import type { TestDatabase } from '@coup/db/testing';
import { RATING_EPOCH_MS } from '@coup/gateway';
import type { MatchJob } from '@coup/gateway';
import { periodIndexOf, periodStart } from '@coup/rating';
import { startLadder } from './ladder-worker';
import type { LadderWorker } from './ladder-worker';

// A backlog of unrated ranked matches is closed on the closer's thread in the background: the ladder's
// worker, which takes one job at a time, goes on forming ranked matches meanwhile. (It used to wait for
// the whole backlog: with one worker process, no ranked match started until every period was closed.)

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PERIOD_MS = 60_000;
const BACKLOG = 6_000; // three of the closer's batches, each followed by its rest
const PER_PERIOD = 10;

let db: TestDatabase;
let matchQueue: Queue<MatchJob>;
let ladder: LadderWorker | null = null;
const prefix = `t${randomBytes(4).toString('hex')}`;

async function account(): Promise<string> {
  const id = newId(ID_PREFIX.account);
  await db.prisma.account.create({ data: { id, name: id, apiKeyHash: hashSecret(id), apiKeyPrefix: 'x' } });
  return id;
}

async function agent(ownerId: string): Promise<string> {
  const id = newId(ID_PREFIX.agent);
  await db.prisma.agent.create({
    data: {
      id,
      ownerId,
      name: `backlog-${id}`,
      transport: 'http',
      endpointUrl: 'http://127.0.0.1:9',
      secretHash: hashSecret(id),
      secretEnc: 'unused',
    },
  });
  return id;
}

const unrated = async () =>
  Number((await db.prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM matches_unrated`)[0]?.n);

const rankedMatchesOf = (agentIds: string[]) =>
  db.prisma.match.count({ where: { ranked: true, seats: { some: { agentId: { in: agentIds } } } } });

async function until(what: string, ok: () => Promise<boolean>, ms: number): Promise<void> {
  const t = Date.now();
  while (!(await ok())) {
    if (Date.now() - t > ms) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  db = await createTestDatabase();
  matchQueue = new Queue<MatchJob>('matches', { connection: { url: REDIS_URL }, prefix });
  // The backlog: finished ranked matches of four agents, PER_PERIOD a period, every period ended.
  const owner = await account();
  const seats = [await agent(owner), await agent(owner), await agent(owner), await agent(owner)];
  const open = periodIndexOf(Date.now(), PERIOD_MS, RATING_EPOCH_MS);
  const first = periodStart(open - BACKLOG / PER_PERIOD - 2, PERIOD_MS, RATING_EPOCH_MS) / 1000;
  const finished = `to_timestamp(${first} + (i / ${PER_PERIOD}) * ${PERIOD_MS / 1000} + (i % ${PER_PERIOD}))`;
  await db.prisma.$executeRawUnsafe(`INSERT INTO matches (id, status, ranked, seed, seed_commitment,
      timeout_ms, created_at, finished_at)
    SELECT 'mt_bl' || lpad(i::text, 6, '0'), 'finished', true, 's', 's', 5000, ${finished}, ${finished}
    FROM generate_series(0, ${BACKLOG - 1}) i`);
  await db.prisma.$executeRawUnsafe(`INSERT INTO match_seats (match_id, seat, agent_id, place)
    SELECT 'mt_bl' || lpad(i::text, 6, '0'), s, (ARRAY['${seats.join("','")}'])[1 + (i + s) % 4], s + 1
    FROM generate_series(0, ${BACKLOG - 1}) i, generate_series(0, 3) s`);
}, 120_000);

afterAll(async () => {
  await ladder?.close();
  await matchQueue?.obliterate({ force: true }).catch(() => undefined);
  await matchQueue?.close();
  await db?.drop();
});

describe('the ladder while a rating backlog is closed', () => {
  it('forms ranked matches before the backlog is closed', { timeout: 120_000 }, async () => {
    expect(await unrated()).toBe(BACKLOG);
    ladder = await startLadder({
      connection: { url: REDIS_URL },
      prefix,
      prisma: db.prisma,
      databaseUrl: db.url,
      matchQueue,
      periodMs: PERIOD_MS,
      matchmakerIntervalMs: 100,
      timeoutMs: 5000,
      eventsEnabled: false,
      sweep: { everyMs: 60_000, lockMs: 60_000, graceMs: 60_000 },
      threadBacklog: 100,
    });
    // The closer's thread is at work: its first batch is written.
    await until('the closer rates a first batch', async () => (await unrated()) < BACKLOG, 60_000);
    // Four agents of four owners join the ranked queue now, while most of the backlog is still unrated.
    const players: string[] = [];
    for (let k = 0; k < 4; k++) players.push(await agent(await account()));
    await db.prisma.agent.updateMany({
      where: { id: { in: players } },
      data: { inQueue: true, queueJoinedAt: new Date(Date.now() - 60_000) },
    });
    await until('the matchmaker seats them', async () => (await rankedMatchesOf(players)) > 0, 60_000);
    expect(await unrated()).toBeGreaterThan(0);
  });
});
