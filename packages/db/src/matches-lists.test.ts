import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abortMatch, claimMatch, storeMatchResult } from './matches.ts';
import type { MatchResult } from './matches.ts';
import { createTestDatabase } from './testing.ts';
import type { TestDatabase } from './testing.ts';
import { makeAccount, makeAgent, makeMatch } from './test-fixtures.ts';

// The matches_lists trigger (migration matches_written_once) keeps matches_active, matches_unrated,
// matches_rated and matches_aborted in step with every write to matches, so that no index on matches holds a column a claim,
// a store or an abort changes: those rewrite the row in its page (HOT).

let db: TestDatabase;
let agents: string[];
beforeAll(async () => {
  process.env.SECRET_KEY ??= 'matches-lists-test-key';
  db = await createTestDatabase();
  const owner = await makeAccount(db.prisma);
  agents = [];
  for (let i = 0; i < 2; i++) agents.push((await makeAgent(db.prisma, owner.id)).id);
});
afterAll(() => db?.drop());

const result = (seed: string): MatchResult => ({
  replay: { decisions: [] },
  ranking: [[1], [0]],
  seats: [
    { seat: 0, faults: 0, forfeited: false },
    { seat: 1, faults: 0, forfeited: false },
  ],
  seed,
  versions: { engine: '1.0.0', ruleset: 'coup-2012', protocol: '1' },
});

/** Which of the three lists hold the match. */
async function listsOf(id: string): Promise<string[]> {
  const rows = await db.prisma.$queryRaw<{ list: string }[]>`
    SELECT 'active' AS list FROM matches_active WHERE match_id = ${id}
    UNION ALL SELECT 'unrated' FROM matches_unrated WHERE match_id = ${id}
    UNION ALL SELECT 'aborted' FROM matches_aborted WHERE match_id = ${id}
    UNION ALL SELECT 'rated ' || ruleset || ' ' || period FROM matches_rated WHERE match_id = ${id}`;
  return rows.map((r) => r.list);
}

/** matches' update counters in `on`, once the writers' connections have reported them (a backend reports
 * at most once a second, and may wait up to 10 s once idle). */
async function updateCounts(on: TestDatabase, atLeast: number): Promise<{ updates: number; hot: number }> {
  for (let tries = 0; ; tries++) {
    const [row] = await on.prisma.$queryRaw<{ updates: number; hot: number }[]>`
      SELECT n_tup_upd::int AS updates, n_tup_hot_upd::int AS hot FROM pg_stat_user_tables
      WHERE relname = 'matches'`;
    if ((row && row.updates >= atLeast) || tries > 200) return row ?? { updates: 0, hot: 0 };
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the lists of matches not ended, unrated and aborted', () => {
  it('follow a ranked match from queued to rated, and an aborted one', async () => {
    const m = await makeMatch(db.prisma, agents, 'seed-lists');
    expect(await listsOf(m.id)).toEqual(['active']);
    const claimed = await claimMatch(db.prisma, m.id);
    expect(await listsOf(m.id)).toEqual(['active']);
    expect(
      await storeMatchResult(db.prisma, m.id, { ...result('seed-lists'), attempt: claimed?.attempts }),
    ).toEqual({ stored: true });
    expect(await listsOf(m.id)).toEqual(['unrated']);
    const [unrated] = await db.prisma.matchUnrated.findMany({ where: { matchId: m.id } });
    const row = await db.prisma.match.findUniqueOrThrow({ where: { id: m.id } });
    expect(unrated).toEqual({ matchId: m.id, ruleset: 'original', finishedAt: row.finishedAt });
    await db.prisma
      .$executeRaw`INSERT INTO rating_periods (ruleset, index, starts_at, ends_at) VALUES ('original', 7, now(), now())
      ON CONFLICT DO NOTHING`;
    await db.prisma.match.update({ where: { id: m.id }, data: { ratingPeriodId: 7 } });
    expect(await listsOf(m.id)).toEqual(['rated original 7']);
    await db.prisma.match.update({ where: { id: m.id }, data: { ratingPeriodId: null } });
    expect(await listsOf(m.id)).toEqual(['unrated']);
    await db.prisma.match.update({ where: { id: m.id }, data: { ratingPeriodId: 7 } });
    expect(await listsOf(m.id)).toEqual(['rated original 7']);

    const gone = await makeMatch(db.prisma, agents);
    await claimMatch(db.prisma, gone.id);
    expect(await abortMatch(db.prisma, gone.id, 'no result')).toBe(true);
    expect(await listsOf(gone.id)).toEqual(['aborted']);
    const [aborted] = await db.prisma.matchAborted.findMany({ where: { matchId: gone.id } });
    expect(aborted?.createdAt).toEqual(gone.createdAt);

    // Deleting a match takes it out of its list.
    const deleted = await makeMatch(db.prisma, agents);
    await db.prisma.match.delete({ where: { id: deleted.id } });
    expect(await db.prisma.matchActive.count({ where: { matchId: deleted.id } })).toBe(0);
  });

  it('keep a match put back in the queue active, and an account its count', async () => {
    const owner = await makeAccount(db.prisma);
    const m = await makeMatch(db.prisma, agents);
    await db.prisma.match.update({ where: { id: m.id }, data: { createdById: owner.id } });
    await claimMatch(db.prisma, m.id);
    await db.prisma.match.update({ where: { id: m.id }, data: { status: 'queued' } });
    expect(await db.prisma.matchActive.findMany({ where: { createdById: owner.id } })).toEqual([
      { matchId: m.id, createdById: owner.id },
    ]);
    // The account's deletion clears matches.created_by_id (SET NULL): the copy follows.
    await db.prisma.account.delete({ where: { id: owner.id } });
    expect(await db.prisma.matchActive.findUnique({ where: { matchId: m.id } })).toEqual({
      matchId: m.id,
      createdById: null,
    });
  });

  it('lists rows written in their final form by one statement (a bulk load), ranked or not', async () => {
    const [a, b, c] = [
      await makeMatch(db.prisma, agents),
      await makeMatch(db.prisma, agents),
      await makeMatch(db.prisma, agents),
    ];
    const copies = [a, b, c].map((m) => `${m.id}_copy`);
    await db.prisma.$executeRaw`
      INSERT INTO matches (id, status, ranked, seed, seed_commitment, timeout_ms, finished_at, abort_reason)
      SELECT id || '_copy', s.status::match_status, s.ranked, seed, seed_commitment, timeout_ms, now(), s.reason
      FROM matches JOIN (VALUES (${a.id}, 'finished', true, NULL), (${b.id}, 'finished', false, NULL),
        (${c.id}, 'aborted', true, 'gone')) AS s(mid, status, ranked, reason) ON s.mid = matches.id`;
    expect(await Promise.all(copies.map(listsOf))).toEqual([['unrated'], [], ['aborted']]);
  });

  it('are filled by matches_lists_fill() for rows written with the triggers off (as the migration fills them)', async () => {
    const [a, b] = [await makeMatch(db.prisma, agents), await makeMatch(db.prisma, agents)];
    await db.prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe('SET LOCAL session_replication_role = replica');
      await tx.$executeRaw`
        INSERT INTO matches (id, status, ranked, seed, seed_commitment, timeout_ms, finished_at, abort_reason)
        SELECT id || '_bulk', s.status::match_status, true, seed, seed_commitment, timeout_ms, s.at, s.reason
        FROM matches JOIN (VALUES (${a.id}, 'finished', now(), NULL), (${b.id}, 'queued', NULL, NULL))
          AS s(mid, status, at, reason) ON s.mid = matches.id`;
    });
    const bulk = [`${a.id}_bulk`, `${b.id}_bulk`];
    expect(await Promise.all(bulk.map(listsOf))).toEqual([[], []]);
    await db.prisma.$executeRaw`SELECT matches_lists_fill()`;
    expect(await Promise.all(bulk.map(listsOf))).toEqual([['unrated'], ['active']]);
    // Filling again adds nothing twice.
    await db.prisma.$executeRaw`SELECT matches_lists_fill()`;
    expect(await Promise.all(bulk.map(listsOf))).toEqual([['unrated'], ['active']]);
  });

  it('let claims, stores and the rating rewrite a match in its page (HOT): no new index entries, no dead row to vacuum', async () => {
    // A database of its own: its matches see only this test's updates.
    const own = await createTestDatabase();
    try {
      const owner = await makeAccount(own.prisma);
      const seated = [(await makeAgent(own.prisma, owner.id)).id, (await makeAgent(own.prisma, owner.id)).id];
      const n = 60; // rows on more than one page
      for (let i = 0; i < n; i++) {
        const m = await makeMatch(own.prisma, seated, `seed-hot-${i}`);
        const claimed = await claimMatch(own.prisma, m.id);
        await storeMatchResult(own.prisma, m.id, { ...result(`seed-hot-${i}`), attempt: claimed?.attempts });
      }
      expect(await updateCounts(own, 2 * n)).toEqual({ updates: 2 * n, hot: 2 * n });
      // The period closer's update sets the rating period of all of them in one statement: listed as rated,
      // and HOT too, though every row of their page gets a new version before the old ones are dead (the
      // page's free half, migration matches_room_for_rating; with a fifth free most of them moved out).
      await own.prisma.$executeRaw`INSERT INTO rating_periods (ruleset, index, starts_at, ends_at)
        VALUES ('original', 3, now(), now())`;
      expect(await own.prisma.match.updateMany({ data: { ratingPeriodId: 3 } })).toEqual({ count: n });
      expect(await own.prisma.matchRated.count({ where: { ruleset: 'original', period: 3 } })).toBe(n);
      expect(await updateCounts(own, 3 * n)).toEqual({ updates: 3 * n, hot: 3 * n });
    } finally {
      await own.drop();
    }
  });
});
