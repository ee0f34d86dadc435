import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, seedAccount, seedAgent } from '@coup/db/testing';
import type { TestDatabase } from '@coup/db/testing';
import { RATING_EPOCH_MS } from '@coup/gateway';
import type { MatchJob } from '@coup/gateway';
import { periodIndexOf, periodStart } from '@coup/rating';
import { threadNices } from '@coup/threads/testing';
import { startLadder } from './ladder-worker';
import type { LadderOptions, LadderWorker } from './ladder-worker';

// A backlog of unrated ranked matches is closed on a closer thread in the background, by one closer for
// the whole platform: the ladder's worker, which takes one job at a time, goes on forming ranked matches
// meanwhile (it used to wait for the whole backlog: with one worker process, no ranked match started until
// every period was closed), and a second worker process does not start a second closer (the two took turns
// at the ratings lock during each other's rests, doubling the backlog's share of the machine).

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PER_PERIOD = 10;

let redis: Redis;
let db: TestDatabase | null = null;
let matchQueue: Queue<MatchJob> | null = null;
let ladders: LadderWorker[] = [];
let prefix = '';

beforeAll(() => {
  redis = new Redis(REDIS_URL);
});

afterEach(async () => {
  for (const l of ladders) await l.close();
  ladders = [];
  await matchQueue?.close();
  const left = await redis.keys(`${prefix}:*`);
  if (left.length > 0) await redis.del(...left);
  await db?.drop();
  db = null;
});

afterAll(() => redis.disconnect());

const account = async (d: TestDatabase) => (await seedAccount(d.prisma)).id;
const agent = (d: TestDatabase, ownerId: string) => seedAgent(d.prisma, ownerId);

/** A database with `n` finished, unrated ranked matches of four agents, PER_PERIOD a period, all ended. */
async function backlog(n: number, periodMs: number): Promise<TestDatabase> {
  const d = await createTestDatabase();
  const owner = await account(d);
  const seats = [await agent(d, owner), await agent(d, owner), await agent(d, owner), await agent(d, owner)];
  const open = periodIndexOf(Date.now(), periodMs, RATING_EPOCH_MS);
  const first = periodStart(open - n / PER_PERIOD - 2, periodMs, RATING_EPOCH_MS) / 1000;
  const step = periodMs / 1000 / PER_PERIOD;
  const finished = `to_timestamp(${first} + (i / ${PER_PERIOD}) * ${periodMs / 1000} + (i % ${PER_PERIOD}) * ${step})`;
  await d.prisma.$executeRawUnsafe(`INSERT INTO matches (id, status, ranked, seed, seed_commitment,
      timeout_ms, created_at, finished_at)
    SELECT 'mt_bl' || lpad(i::text, 6, '0'), 'finished', true, 's', 's', 5000, ${finished}, ${finished}
    FROM generate_series(0, ${n - 1}) i`);
  await d.prisma.$executeRawUnsafe(`INSERT INTO match_seats (match_id, seat, agent_id, place)
    SELECT 'mt_bl' || lpad(i::text, 6, '0'), s, (ARRAY['${seats.join("','")}'])[1 + (i + s) % 4], s + 1
    FROM generate_series(0, ${n - 1}) i, generate_series(0, 3) s`);
  return d;
}

/** A ladder as a worker process runs it, with its closer thread for any backlog over 100 matches. */
async function ladder(d: TestDatabase, periodMs: number): Promise<LadderWorker> {
  matchQueue ??= new Queue<MatchJob>('matches', { connection: { url: REDIS_URL }, prefix });
  const o: LadderOptions = {
    connection: { url: REDIS_URL },
    prefix,
    prisma: d.prisma,
    databaseUrl: d.url,
    redis,
    matchQueue,
    periodMs,
    matchmakerIntervalMs: 100,
    timeoutMs: 5000,
    eventsEnabled: false,
    sweep: { everyMs: 60_000, lockMs: 60_000, graceMs: 60_000 },
    threadBacklog: 100,
  };
  const l = await startLadder(o);
  ladders.push(l);
  return l;
}

const unrated = async (d: TestDatabase) =>
  Number((await d.prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM matches_unrated`)[0]?.n);

async function until(what: string, ok: () => Promise<boolean>, ms: number): Promise<void> {
  const t = Date.now();
  while (!(await ok())) {
    if (Date.now() - t > ms) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** This process's threads at nice 19: closer threads (closer-thread-main.ts lowers its own priority). */
const lowestThreads = () => threadNices().filter((n) => n === 19).length;

describe('the ladder while a rating backlog is closed', () => {
  it('forms ranked matches before the backlog is closed', { timeout: 120_000 }, async () => {
    prefix = `t${randomBytes(4).toString('hex')}`;
    const d = (db = await backlog(6_000, 60_000));
    await ladder(d, 60_000);
    // The closer's thread is at work: its first batch is written.
    await until('the closer rates a first batch', async () => (await unrated(d)) < 6_000, 60_000);
    // Four agents of four owners join the ranked queue now, while most of the backlog is still unrated.
    const players: string[] = [];
    for (let k = 0; k < 4; k++) players.push(await agent(d, await account(d)));
    await d.prisma.agent.updateMany({
      where: { id: { in: players } },
      data: { inQueue: true, queueJoinedAt: new Date(Date.now() - 60_000) },
    });
    const seated = () =>
      d.prisma.match.count({ where: { ranked: true, seats: { some: { agentId: { in: players } } } } });
    await until('the matchmaker seats them', async () => (await seated()) > 0, 60_000);
    expect(await unrated(d)).toBeGreaterThan(0);
  });

  it.runIf(process.platform === 'linux')(
    'closes a backlog with one closer thread however many ladders run',
    { timeout: 120_000 },
    async () => {
      prefix = `t${randomBytes(4).toString('hex')}`;
      // Five-second periods: each ladder's close tick comes every second.
      const d = (db = await backlog(10_000, 5_000));
      const before = lowestThreads();
      await ladder(d, 5_000);
      await ladder(d, 5_000);
      await until('the closer rates a first batch', async () => (await unrated(d)) < 10_000, 60_000);
      // Several ticks of both ladders, while the backlog is still being closed.
      await new Promise((r) => setTimeout(r, 3500));
      expect(await unrated(d)).toBeGreaterThan(0);
      expect(lowestThreads() - before).toBe(1);
    },
  );
});
