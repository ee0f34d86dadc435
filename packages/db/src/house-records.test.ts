import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldStats } from './agent-stats.ts';
import { storeMatchResult } from './matches.ts';
import { createTestDatabase } from './testing.ts';
import type { TestDatabase } from './testing.ts';
import { makeAccount, makeAgent, makeMatch } from './test-fixtures.ts';

// house_records (an agent's record against each house agent in ranked matches, kept by the
// house_records_apply triggers on match_seats) always equals the same figures counted from the seats, on
// real Postgres, whichever way the seats are written: stored results, seats inserted placed one by one,
// places rewritten, matches deleted.

let db: TestDatabase;
let house: string[];
let others: string[];
beforeAll(async () => {
  process.env.SECRET_KEY ??= 'house-records-test-key';
  db = await createTestDatabase();
  const owner = await makeAccount(db.prisma);
  house = [];
  others = [];
  for (let i = 0; i < 2; i++) {
    const a = await makeAgent(db.prisma, owner.id);
    await db.prisma.agent.update({ where: { id: a.id }, data: { isHouse: true } });
    house.push(a.id);
  }
  for (let i = 0; i < 3; i++) others.push((await makeAgent(db.prisma, owner.id)).id);
});
afterAll(() => db?.drop());

type Rec = { agent_id: string; house_id: string; matches: number; wins: number; losses: number };

/** The records as the profile counted them from the seats before house_records existed. */
const fromSeats = () =>
  db.prisma.$queryRawUnsafe<Rec[]>(`
    SELECT s.agent_id, h.agent_id AS house_id, count(*)::int AS matches,
      (count(*) FILTER (WHERE s.place < h.place))::int AS wins,
      (count(*) FILTER (WHERE s.place > h.place))::int AS losses
    FROM match_seats s
    JOIN match_seats h ON h.match_id = s.match_id AND h.agent_id <> s.agent_id
    JOIN agents ha ON ha.id = h.agent_id AND ha.is_house
    WHERE s.ranked AND s.place IS NOT NULL AND h.place IS NOT NULL
    GROUP BY 1, 2 ORDER BY 1, 2`);
/** The records as kept: house_records plus the differences not yet folded (house_records_pending). */
const kept = () =>
  db.prisma.$queryRawUnsafe<Rec[]>(
    `SELECT agent_id, house_id, sum(matches)::int AS matches, sum(wins)::int AS wins,
       sum(losses)::int AS losses
     FROM (SELECT agent_id, house_id, matches, wins, losses FROM house_records
           UNION ALL
           SELECT agent_id, house_id, matches, wins, losses FROM house_records_pending) r
     GROUP BY 1, 2 HAVING sum(matches) <> 0 OR sum(wins) <> 0 OR sum(losses) <> 0 ORDER BY 1, 2`,
  );

async function store(agentIds: string[], ranking: number[][], ranked = true): Promise<string> {
  const m = await makeMatch(db.prisma, agentIds);
  if (!ranked) await db.prisma.match.update({ where: { id: m.id }, data: { ranked: false } });
  if (!ranked) await db.prisma.matchSeat.updateMany({ where: { matchId: m.id }, data: { ranked: false } });
  const r = await storeMatchResult(db.prisma, m.id, {
    replay: { seed: m.seed },
    ranking,
    seats: agentIds.map((_, seat) => ({ seat, faults: 0, forfeited: false })),
    seed: m.seed,
    versions: {},
  });
  expect(r.stored).toBe(true);
  return m.id;
}

describe('house_records', () => {
  it('counts stored ranked results against house agents, and nothing for casual ones', async () => {
    const [h0, h1] = house as [string, string];
    const [a, b, c] = others as [string, string, string];
    await store([a, h0, b, h1], [[1], [0, 3], [2]]);
    await store([h0, a], [[0], [1]]);
    await store([h1, h0, c], [[2], [1], [0]]);
    await store([a, h0], [[0], [1]], false);
    const rows = await kept();
    expect(rows).toEqual(await fromSeats());
    expect(rows.find((r) => r.agent_id === a && r.house_id === h0)).toMatchObject({
      matches: 2,
      wins: 0,
      losses: 2,
    });
    expect(rows.find((r) => r.agent_id === h0 && r.house_id === h1)).toMatchObject({
      matches: 2,
      wins: 2,
      losses: 0,
    });
  });

  it('follows seats inserted placed one at a time, places rewritten, and matches deleted', async () => {
    const [h0, h1] = house as [string, string];
    const [a, b] = others as [string, string];
    const m = await db.prisma.match.create({
      data: { id: `mt_hr_${Date.now()}`, ranked: true, seed: 's', seedCommitment: 'c', timeoutMs: 1000 },
    });
    for (const [seat, [agentId, place]] of (
      [
        [a, 2],
        [h0, 1],
        [b, 3],
      ] as const
    ).entries())
      await db.prisma.matchSeat.create({ data: { matchId: m.id, seat, agentId, place } });
    expect(await kept()).toEqual(await fromSeats());
    await db.prisma.matchSeat.updateMany({ where: { matchId: m.id, seat: 0 }, data: { place: 1 } });
    await db.prisma.matchSeat.updateMany({ where: { matchId: m.id, seat: 2 }, data: { agentId: h1 } });
    expect(await kept()).toEqual(await fromSeats());
    await db.prisma.match.delete({ where: { id: m.id } });
    expect(await kept()).toEqual(await fromSeats());
  });

  it('follows seats placed a few at a time by updates', async () => {
    const [h0, h1] = house as [string, string];
    const [a] = others as [string];
    const m = await makeMatch(db.prisma, [a, h0, h1]);
    // Two seats placed, none before (the stored-result shortcut), then the third beside them (not).
    await db.prisma.matchSeat.updateMany({
      where: { matchId: m.id, seat: { in: [0, 1] } },
      data: { place: 1 },
    });
    expect(await kept()).toEqual(await fromSeats());
    await db.prisma.matchSeat.updateMany({ where: { matchId: m.id, seat: 2 }, data: { place: 3 } });
    expect(await kept()).toEqual(await fromSeats());
  });

  it('folds the pending differences into house_records without changing a record', async () => {
    const [h0, h1] = house as [string, string];
    const [a] = others as [string];
    await store([a, h0, h1], [[2], [0], [1]]);
    const before = await kept();
    expect(await db.prisma.houseRecordPending.count()).toBeGreaterThan(0);
    await foldStats(db.prisma);
    expect(await db.prisma.houseRecordPending.count()).toBe(0);
    expect(await kept()).toEqual(before);
    expect(before).toEqual(await fromSeats());
  });
});
