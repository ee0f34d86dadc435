import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID_PREFIX, newId } from '@coup/db';
import { createTestDatabase, seedAccount, seedAgent } from '@coup/db/testing';
import type { TestDatabase } from '@coup/db/testing';
import { RATING_EPOCH_MS } from '@coup/gateway';
import { checkRatings } from '@coup/competition';
import { seedCommitment } from '@coup/protocol';
import { closePeriod, periodIndexOf, periodStart } from '@coup/rating';
import { closeDuePeriods } from './close-periods';
import { RATINGS_LOCK, refreshLiveRatings } from './live-ratings';

// Live ratings against Postgres: the worker's rebuild from the unrated ranked matches, its no-op when
// nothing changed, and a period's close replacing them by exactly the same stored numbers, with the
// stored ratings always what a recompute of the log gives.

const PERIOD_MS = 60_000;
/** Some whole periods ago: the matches below are placed in periods P, P+1, ... by their finish times. */
const P = periodIndexOf(Date.now(), PERIOD_MS, RATING_EPOCH_MS) - 20;
const at = (period: number, ms = 1000) => new Date(periodStart(period, PERIOD_MS, RATING_EPOCH_MS) + ms);

let db: TestDatabase;
const agents: Record<'a' | 'b' | 'c' | 'd' | 'e', string> = { a: '', b: '', c: '', d: '', e: '' };

beforeAll(async () => {
  db = await createTestDatabase();
  const owner = await seedAccount(db.prisma, 'live');
  for (const k of Object.keys(agents) as (keyof typeof agents)[]) {
    agents[k] = await seedAgent(db.prisma, owner.id);
  }
}, 60_000);

afterAll(async () => {
  await db?.drop();
});

/** A finished match, `ranked` or casual, with these agents in finishing order. */
async function match(finishedAt: Date, order: string[], ranked = true) {
  const id = newId(ID_PREFIX.match);
  await db.prisma.match.create({
    data: {
      id,
      ranked,
      status: 'finished',
      seed: id,
      seedCommitment: seedCommitment(id),
      timeoutMs: 100,
      finishedAt,
      seats: { create: order.map((agentId, seat) => ({ seat, agentId, place: seat + 1 })) },
    },
  });
  return id;
}

const refresh = () => refreshLiveRatings(db.prisma, { periodMs: PERIOD_MS, backoffFactor: 0 });
const close = (nowPeriod: number) =>
  closeDuePeriods(db.prisma, { periodMs: PERIOD_MS, now: at(nowPeriod, 30_000).getTime() });
const live = async () => new Map((await db.prisma.liveRating.findMany()).map((r) => [r.agentId, r]));
const stored = async () => new Map((await db.prisma.rating.findMany()).map((r) => [r.agentId, r]));
const figures = (r: { rating: number; rd: number; vol: number; games: number; wins: number }) => ({
  rating: r.rating,
  rd: r.rd,
  vol: r.vol,
  games: r.games,
  wins: r.wins,
});

describe('live ratings', () => {
  it('rates the players of unrated ranked matches at once, writes nothing to the ratings, skips no-ops', async () => {
    const { a, b, c, d, e } = agents;
    const m1 = await match(at(P, 1000), [a, b]);
    const m2 = await match(at(P, 2000), [c, a]);
    await match(at(P, 3000), [d, e], false); // casual: never rated, never live

    expect(await refresh()).toEqual({ rebuilt: true, matches: 2, agents: 3, written: 3 });
    const rows = await live();
    expect([...rows.keys()].sort()).toEqual([a, b, c].sort());
    const expected = closePeriod(
      new Map(),
      P,
      [
        { id: m1, ranking: [[a], [b]] },
        { id: m2, ranking: [[c], [a]] },
      ],
      { periodMs: PERIOD_MS, epochMs: RATING_EPOCH_MS },
    );
    for (const id of [a, b, c]) expect(figures(rows.get(id)!)).toEqual(figures(expected.get(id)!));
    expect(rows.get(a)).toMatchObject({ games: 2, wins: 1, asOf: at(P, 2000) });
    expect(rows.get(b)?.asOf).toEqual(at(P, 1000));

    // The rating log is untouched: nothing stored, the check still equals a recompute.
    expect((await stored()).size).toBe(0);
    expect(await checkRatings(db.prisma, PERIOD_MS)).toMatchObject({ identical: true, matches: 0 });

    // Nothing new: not even computed. A new result: computed, and only its players' rows written.
    expect(await refresh()).toEqual({ rebuilt: false, matches: 2, agents: null, written: 0 });
    const untouched = rows.get(a)?.updatedAt;
    await match(at(P + 1), [b, c]);
    expect(await refresh()).toEqual({ rebuilt: true, matches: 3, agents: 3, written: 2 });
    expect((await live()).get(b)).toMatchObject({ games: 2, wins: 1 });
    expect((await live()).get(a)?.updatedAt).toEqual(untouched);
  });

  it('is replaced by exactly the same stored rating when the periods close', async () => {
    const before = await live();
    expect(await close(P + 3)).toEqual([P, P + 1]);
    expect((await live()).size).toBe(0);
    const after = await stored();
    expect(after.size).toBe(before.size);
    for (const [id, r] of before) expect(figures(after.get(id)!)).toEqual(figures(r));
    expect(await checkRatings(db.prisma, PERIOD_MS)).toMatchObject({ identical: true, matches: 3 });
  });

  it('counts a late result in the next period closed, and keeps the open period live through a close', async () => {
    const { a, c, d, e } = agents;
    // Finished in P, which is closed: rated in the next period closed (P + 2, after P + 1), apart from P + 4.
    await match(at(P, 50_000), [d, a]);
    await match(at(P + 4), [a, e]);
    await match(at(P + 5), [c, d]); // still open when P + 4 closes below
    await refresh();
    const before = await live();
    expect([...before.keys()].sort()).toEqual([a, c, d, e].sort());

    expect(await close(P + 5)).toEqual([P + 2, P + 4]);
    // The close rebuilt the live ratings in its own transaction: only the open period's players remain,
    // now on top of the ratings just stored.
    const open = await live();
    expect([...open.keys()].sort()).toEqual([c, d].sort());
    expect(open.get(d)).toMatchObject({ games: 2 });
    expect((await stored()).get(d)).toMatchObject({ games: 1, lastPeriodIndex: P + 2 });
    for (const id of [a, e]) expect(figures((await stored()).get(id)!)).toEqual(figures(before.get(id)!));

    expect(await close(P + 7)).toEqual([P + 5]);
    const final = await stored();
    for (const [id, r] of open) expect(figures(final.get(id)!)).toEqual(figures(r));
    expect((await live()).size).toBe(0);
    expect(await checkRatings(db.prisma, PERIOD_MS)).toMatchObject({ identical: true, matches: 6 });
  });

  it('skips a tick without waiting while the closer holds the ratings lock, and rebuilds on the next', async () => {
    const { a, b } = agents;
    await match(at(P + 9), [b, a]);
    let release = () => {};
    let held = () => {};
    const isHeld = new Promise<void>((r) => (held = r));
    // The closer of a large period holds the lock for as long as the period takes.
    const closer = db.prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${RATINGS_LOCK})`;
      held();
      await new Promise<void>((r) => (release = r));
    });
    await isHeld;
    const t = performance.now();
    expect(await refresh()).toEqual({ rebuilt: false, matches: 0, agents: null, written: 0 });
    expect(performance.now() - t).toBeLessThan(2_000);
    release();
    await closer;
    expect(await refresh()).toMatchObject({ rebuilt: true, matches: 1 });
    expect([...(await live()).keys()].sort()).toEqual([a, b].sort());
  });
});
