import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, seedAccount, seedAgent } from '@coup/db/testing';
import type { TestDatabase } from '@coup/db/testing';
import { RATING_EPOCH_MS } from '@coup/gateway';
import { checkRatings } from '@coup/competition';
import { periodIndexOf, periodStart } from '@coup/rating';
import { CLOSE_BATCH_MATCHES, closeDuePeriods } from './close-periods';

// The closer on a backlog against Postgres: periods are closed a batch at a time (many small periods in
// one transaction, a period cut by the batch's limit left whole for the next, a period larger than the
// limit read and rated a page at a time), and each match is rated in the period it would be rated in one
// period at a time.

const PERIOD_MS = 60_000;
const SMALL = 1_800; // periods of one match each
const P = periodIndexOf(Date.now(), PERIOD_MS, RATING_EPOCH_MS) - SMALL - 10;
const CUT = P + SMALL; // 600 matches: the batch's limit falls inside it
const LARGE = CUT + 1; // more matches than a batch
const LAST = LARGE + 1; // 3 matches
const sizes = new Map([
  [CUT, 600],
  [LARGE, CLOSE_BATCH_MATCHES + 500],
  [LAST, 3],
]);

let db: TestDatabase;
const agents: string[] = [];
let seeded = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  const owner = await seedAccount(db.prisma, 'closer');
  for (let k = 0; k < 8; k++) agents.push(await seedAgent(db.prisma, owner.id));
}, 60_000);

afterAll(async () => {
  await db?.drop();
});

/**
 * `n` finished ranked four-seat matches from `period` on, `stepMs` apart (with the triggers on, as the
 * worker writes them). `prefix` is an SQL expression of the series' `i` (default: 'mt_c').
 */
async function matches(period: number, n: number, stepMs = 5, prefix = `'mt_c'`): Promise<void> {
  const from = seeded;
  seeded += n;
  const start = periodStart(period, PERIOD_MS, RATING_EPOCH_MS) + 1000;
  await db.prisma.$executeRawUnsafe(
    `INSERT INTO matches (id, status, ranked, seed, seed_commitment, timeout_ms, created_at, finished_at)
     SELECT ${prefix} || lpad(i::text, 7, '0'), 'finished', true, 's', 's', 100,
       to_timestamp(($1::bigint + (i - $2) * $4::bigint) / 1000.0),
       to_timestamp(($1::bigint + (i - $2) * $4::bigint) / 1000.0)
     FROM generate_series($2::int, $3::int) i`,
    start,
    from,
    from + n - 1,
    stepMs,
  );
  await db.prisma.$executeRawUnsafe(
    `INSERT INTO match_seats (match_id, seat, agent_id, place, created_at, ranked)
     SELECT ${prefix} || lpad(i::text, 7, '0'), s, ($3::text[])[1 + (i * 3 + s) % 8], s + 1, now(), true
     FROM generate_series($1::int, $2::int) i, generate_series(0, 3) s`,
    from,
    from + n - 1,
    agents,
  );
}

const periodOfMatch = async () =>
  new Map(
    (await db.prisma.match.findMany({ select: { id: true, ratingPeriodId: true } })).map((m) => [
      m.id,
      m.ratingPeriodId,
    ]),
  );

describe('closing a backlog', () => {
  it(
    'closes many periods a batch at a time, each whole, with the ratings of one period at a time',
    { timeout: 60_000 },
    async () => {
      await matches(P, SMALL, PERIOD_MS); // one in each period from P to CUT - 1
      for (const [p, n] of sizes) await matches(p, n);
      const closed = await closeDuePeriods(db.prisma, { periodMs: PERIOD_MS });
      expect(closed).toEqual(Array.from({ length: LAST - P + 1 }, (_, k) => P + k));
      const periods = await db.prisma.ratingPeriod.findMany({ orderBy: { index: 'asc' } });
      expect(periods.map((r) => [r.index, r.matchCount])).toEqual(closed.map((p) => [p, sizes.get(p) ?? 1]));
      expect(periods.every((r) => r.closedAt !== null)).toBe(true);
      // Every match is rated in the period it finished in.
      const rated = await db.prisma.$queryRaw<{ wrong: number; unrated: number }[]>`
      SELECT count(*) FILTER (WHERE rating_period_id IS DISTINCT FROM
          floor((extract(epoch FROM finished_at) * 1000 - ${RATING_EPOCH_MS}) / ${PERIOD_MS}))::int AS wrong,
        (SELECT count(*)::int FROM matches_unrated) AS unrated
      FROM matches`;
      expect(rated).toEqual([{ wrong: 0, unrated: 0 }]);
      // One history row per period and player rated in it: four in a one-match period, all eight otherwise.
      const history = await db.prisma.ratingHistory.count();
      expect(history).toBe(SMALL * 4 + 3 * 8);
      expect(await checkRatings(db.prisma, PERIOD_MS)).toMatchObject({ identical: true, matches: seeded });
    },
  );

  it(
    'rates a late result in the next period closed, not in its closed one',
    { timeout: 60_000 },
    async () => {
      const before = await periodOfMatch();
      await matches(P + 5, 2); // P + 5 is closed already
      await matches(LAST + 1, 1);
      const late = [...(await periodOfMatch()).keys()].filter((id) => !before.has(id));
      expect(await closeDuePeriods(db.prisma, { periodMs: PERIOD_MS })).toEqual([LAST + 1]);
      const after = await periodOfMatch();
      expect(late.map((id) => after.get(id))).toEqual([LAST + 1, LAST + 1, LAST + 1]);
      expect([...before].every(([id, p]) => after.get(id) === p)).toBe(true);
      const period = await db.prisma.ratingPeriod.findUnique({
        where: { ruleset_index: { ruleset: 'original', index: LAST + 1 } },
      });
      expect(period?.matchCount).toBe(3);
      expect(await checkRatings(db.prisma, PERIOD_MS)).toMatchObject({ identical: true, matches: seeded });
      expect(await closeDuePeriods(db.prisma, { periodMs: PERIOD_MS })).toEqual([]);
    },
  );

  it(
    'stops a pass bounded by maxMatches once a batch reaches it, leaving the rest due for the next',
    { timeout: 60_000 },
    async () => {
      // Three periods of 1,500: a batch holds one whole period (the next is cut by the batch's limit).
      for (const p of [LAST + 2, LAST + 3, LAST + 4]) await matches(p, 1_500);
      expect(await closeDuePeriods(db.prisma, { periodMs: PERIOD_MS, maxMatches: 1 })).toEqual([LAST + 2]);
      expect(await db.prisma.matchUnrated.count()).toBe(3_000);
      expect(await closeDuePeriods(db.prisma, { periodMs: PERIOD_MS, maxMatches: 1_500 })).toEqual([
        LAST + 3,
      ]);
      expect(await closeDuePeriods(db.prisma, { periodMs: PERIOD_MS })).toEqual([LAST + 4]);
      expect(await checkRatings(db.prisma, PERIOD_MS)).toMatchObject({ identical: true, matches: seeded });
    },
  );

  it(
    'rates a bulk load of old results as the next period, a page at a time in id order, as a recompute does',
    { timeout: 60_000 },
    async () => {
      const last = LAST + 4;
      const before = await periodOfMatch();
      // 4,500 results of periods closed long ago, finishing in the reverse of their ids' order, the ids in
      // mixed case ('B' before 'a' by code unit, after it in most locales' collations).
      const prefix = `'mt_' || CASE WHEN i % 2 = 0 THEN 'a' ELSE 'B' END`;
      await matches(P + 900, 4_500, -7_000, prefix);
      const [{ n } = { n: 0 }] = await db.prisma.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM matches_unrated WHERE finished_at
          < ${new Date(periodStart(last, PERIOD_MS, RATING_EPOCH_MS))}`;
      expect(n).toBe(4_500);
      expect(await closeDuePeriods(db.prisma, { periodMs: PERIOD_MS })).toEqual([last + 1]);
      const after = await periodOfMatch();
      const late = [...after].filter(([id]) => !before.has(id));
      expect(late.length).toBe(4_500);
      expect(late.every(([, p]) => p === last + 1)).toBe(true);
      const period = await db.prisma.ratingPeriod.findUnique({
        where: { ruleset_index: { ruleset: 'original', index: last + 1 } },
      });
      expect(period?.matchCount).toBe(4_500);
      expect(await db.prisma.ratingHistory.count({ where: { periodIndex: last + 1 } })).toBe(8);
      expect(await checkRatings(db.prisma, PERIOD_MS)).toMatchObject({ identical: true, matches: seeded });
    },
  );
});
