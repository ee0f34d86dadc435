import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrismaClient } from './generated/client.ts';
import { storeMatchResult } from './matches.ts';
import { createTestDatabase } from './testing.ts';
import type { TestDatabase } from './testing.ts';
import { makeAccount, makeAgent, makeMatch } from './test-fixtures.ts';

// A stored match reads the tables that grow with every match (matches, match_seats, replays) by their keys
// only, on a fresh database too. The house_records trigger once joined match_seats against the statement's
// transition table: on a small table Postgres planned that as a sequential scan of every seat, plpgsql kept
// the plan for the session, and every ranked store then read the whole table as it grew (13-20 ms a store
// at 3,700 seats). pg_stat_xact_user_tables counts the scans of the current transaction, on real Postgres.

let db: TestDatabase;
let house: string[];
beforeAll(async () => {
  process.env.SECRET_KEY ??= 'store-plans-test-key';
  db = await createTestDatabase();
  const owner = await makeAccount(db.prisma);
  house = [];
  for (let i = 0; i < 4; i++) {
    const a = await makeAgent(db.prisma, owner.id);
    await db.prisma.agent.update({ where: { id: a.id }, data: { isHouse: true } });
    house.push(a.id);
  }
});
afterAll(() => db?.drop());

type Scans = { relname: string; seq_scan: number };

/** Stores a ranked four-seat match of the house agents in a transaction: the scans that transaction made. */
async function storeRanked(): Promise<Scans[]> {
  const m = await makeMatch(db.prisma, house);
  return db.prisma.$transaction(async (tx) => {
    const r = await storeMatchResult(tx as unknown as PrismaClient, m.id, {
      replay: { seed: m.seed },
      ranking: [[2], [0], [3], [1]],
      seats: house.map((_, seat) => ({ seat, faults: 0, forfeited: false })),
      seed: m.seed,
      versions: {},
    });
    expect(r.stored).toBe(true);
    return tx.$queryRawUnsafe<Scans[]>(
      `SELECT relname, seq_scan::int AS seq_scan FROM pg_stat_xact_user_tables
       WHERE relname IN ('matches', 'match_seats', 'replays') ORDER BY relname`,
    );
  });
}

describe('a ranked store', () => {
  it('reads matches, match_seats and replays by key, never scanning them, as the tables grow', async () => {
    for (let i = 0; i < 30; i++) {
      const scans = await storeRanked();
      expect(scans.map((s) => s.relname)).toEqual(['match_seats', 'matches', 'replays']);
      expect(scans, `store ${i}`).toEqual(scans.map((s) => ({ ...s, seq_scan: 0 })));
    }
    const [placed] = await db.prisma.$queryRawUnsafe<{ n: number }[]>(
      'SELECT count(*)::int AS n FROM match_seats WHERE place IS NOT NULL',
    );
    expect(placed?.n).toBe(120);
  });
});
