import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret, ID_PREFIX, newId } from '@coup/db';
import { createTestDatabase } from '@coup/db/testing';
import type { TestDatabase } from '@coup/db/testing';
import { createTransports, keys, QUEUE, RATING_EPOCH_MS } from '@coup/gateway';
import type { MatchJob } from '@coup/gateway';
import { checkRatings } from '@coup/competition';
import { periodIndexOf } from '@coup/rating';
import { runMatchJob } from '../run-match-job';
import { closeDuePeriods } from './close-periods';
import { matchmakerPass } from './matchmaker';

// A ladder of twelve house agents of different strength (some handicapped with random moves) plays
// through the real matchmaker, runner and database over many short rating periods.
const PERIOD_MS = 200;
const ROUNDS = 24;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const LINEUP = [
  ['heuristic', 0],
  ['heuristic', 0],
  ['heuristic', 0.1],
  ['heuristic', 0.2],
  ['honest', 0],
  ['honest', 0],
  ['honest', 0.2],
  ['honest', 0.4],
  ['random', 0],
  ['random', 0],
  ['random', 0],
  ['random', 0],
] as const;

let db: TestDatabase;
let queue: Queue<MatchJob>;
let redis: Redis;
const prefix = `t${randomBytes(4).toString('hex')}`;
const kinds = new Map<string, string>();

beforeAll(async () => {
  db = await createTestDatabase();
  redis = new Redis(REDIS_URL);
  queue = new Queue<MatchJob>(QUEUE.matches, { connection: { url: REDIS_URL }, prefix });
  const owner = await db.prisma.account.create({
    data: {
      id: newId(ID_PREFIX.account),
      name: 'ladder-house',
      apiKeyHash: hashSecret(prefix),
      apiKeyPrefix: 'x',
    },
  });
  for (const [i, [kind, noise]] of LINEUP.entries()) {
    const id = newId(ID_PREFIX.agent);
    kinds.set(id, kind);
    await db.prisma.agent.create({
      data: {
        id,
        ownerId: owner.id,
        name: `${kind}-${i}-n${noise}`,
        transport: 'http',
        endpointUrl: `bot:${kind}?noise=${noise}`,
        isHouse: true,
        inQueue: true,
        queueJoinedAt: new Date(),
        secretHash: hashSecret(`secret-${i}-${prefix}`),
        secretEnc: 'unused',
      },
    });
  }
}, 60_000);

afterAll(async () => {
  await queue?.obliterate({ force: true }).catch(() => undefined);
  await queue?.close();
  const stale = await redis.keys(`${prefix}:*`);
  if (stale.length > 0) await redis.del(...stale);
  redis?.disconnect();
  await db?.drop();
});

describe('the ladder', () => {
  it('converges over many short periods: heuristic bots end above random ones; recompute is exact', async () => {
    const deps = {
      prisma: db.prisma,
      redis,
      keys: keys(prefix),
      transports: createTransports({
        wsAgent: () => ({ name: 'none', decide: () => Promise.reject(new Error()) }),
        // House bots only: the policy is never consulted.
        agentAddresses: 'public',
      }),
      publicUrl: 'http://localhost',
    };
    const period = () => periodIndexOf(Date.now(), PERIOD_MS, RATING_EPOCH_MS);
    for (let round = 0; round < ROUNDS; round++) {
      // One round of matches per period (a round may spill into the next period on a busy machine).
      const p = period();
      while (period() === p) await new Promise((r) => setTimeout(r, 10));
      const ids = await matchmakerPass(db.prisma, {
        matchQueue: queue,
        timeoutMs: 1000,
        config: { seats: 4, requireNonHouse: false, baseWindow: 10_000, maxWindow: 10_000 },
      });
      expect(ids.length).toBe(3); // twelve agents, three tables of four, each agent once
      for (const id of ids) expect(await runMatchJob(id, deps)).toBe('finished');
      await closeDuePeriods(db.prisma, { periodMs: PERIOD_MS, graceMs: 0 });
    }
    await new Promise((r) => setTimeout(r, PERIOD_MS));
    // Two closers at once (two workers): each period is still closed exactly once.
    await Promise.all([
      closeDuePeriods(db.prisma, { periodMs: PERIOD_MS, graceMs: 0 }),
      closeDuePeriods(db.prisma, { periodMs: PERIOD_MS, graceMs: 0 }),
    ]);

    const ratings = await db.prisma.rating.findMany();
    expect(ratings).toHaveLength(12);
    const mean = (kind: string) => {
      const rs = ratings.filter((r) => kinds.get(r.agentId) === kind).map((r) => r.rating);
      return rs.reduce((a, b) => a + b, 0) / rs.length;
    };
    const best = (kind: string) =>
      Math.max(...ratings.filter((r) => kinds.get(r.agentId) === kind).map((r) => r.rating));
    const worst = (kind: string) =>
      Math.min(...ratings.filter((r) => kinds.get(r.agentId) === kind).map((r) => r.rating));
    expect(mean('heuristic')).toBeGreaterThan(mean('random') + 100);
    expect(worst('heuristic')).toBeGreaterThan(best('random'));
    // More than 2 periods' worth of games each: RD came down from 350.
    for (const r of ratings) expect(r.rd).toBeLessThan(200);

    const unrated = await db.prisma.match.count({ where: { ranked: true, ratingPeriodId: null } });
    expect(unrated).toBe(0);
    const periods = await db.prisma.ratingPeriod.findMany();
    const history = await db.prisma.ratingHistory.count();
    const perPeriod = await db.prisma.match.groupBy({ by: ['ratingPeriodId'], _count: { _all: true } });
    expect(periods.length).toBe(perPeriod.length);
    for (const p of periods) {
      expect(perPeriod.find((x) => x.ratingPeriodId === p.index)?._count._all).toBe(p.matchCount);
    }
    expect(history).toBeGreaterThan(12);

    const report = await checkRatings(db.prisma, PERIOD_MS);
    expect(report.mismatches).toEqual([]);
    expect(report.identical).toBe(true);
    expect(report.matches).toBe(ROUNDS * 3);
  }, 120_000);
});
