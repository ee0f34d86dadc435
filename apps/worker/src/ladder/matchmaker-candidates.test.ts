import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID_PREFIX, newId } from '@coup/db';
import { seedCommitment } from '@coup/protocol';
import { createTestDatabase, seedAccount, seedAgent } from '@coup/db/testing';
import type { TestDatabase } from '@coup/db/testing';
import { candidatesOf, RECENT_GAMES_CAP } from './matchmaker';

// What the matchmaker orders queued agents by, read from real rows: ranked games of the last day (fewest
// first) and how long each has waited (since it joined the queue or its last match ended, the later).

let db: TestDatabase;
const now = Date.parse('2026-12-03T12:00:00Z');
const ago = (ms: number) => new Date(now - ms);
const HOUR = 3600_000;

/** A queued agent of an owner of its own (the matchmaker never seats two agents of one owner at a table). */
async function queuedAgent(joinedAgoMs: number): Promise<string> {
  const owner = await seedAccount(db.prisma);
  return seedAgent(db.prisma, owner.id, { inQueue: true, queueJoinedAt: ago(joinedAgoMs) });
}

/** A finished match of `agentIds` (one seat each), made by hand. */
async function finished(
  agentIds: string[],
  o: { ranked: boolean; createdAgoMs: number; finishedAgoMs: number },
) {
  const id = newId(ID_PREFIX.match);
  await db.prisma.match.create({
    data: {
      id,
      ranked: o.ranked,
      status: 'finished',
      seed: id,
      seedCommitment: seedCommitment(id),
      timeoutMs: 100,
      createdAt: ago(o.createdAgoMs),
      startedAt: ago(o.createdAgoMs),
      finishedAt: ago(o.finishedAgoMs),
      seats: { create: agentIds.map((agentId, seat) => ({ seat, agentId, place: seat + 1 })) },
    },
  });
}

beforeAll(async () => {
  db = await createTestDatabase();
}, 60_000);
afterAll(() => db?.drop());

describe('the ranked queue as the matchmaker reads it', () => {
  it("counts each agent's ranked games of the last day and its wait since the later of joining and its last match", async () => {
    const veteran = await queuedAgent(48 * HOUR);
    const regular = await queuedAgent(10 * HOUR);
    const newcomer = await queuedAgent(60_000);
    // Ranked, in the last day: veteran 3 (one of them also with regular), regular 1.
    await finished([veteran, regular], {
      ranked: true,
      createdAgoMs: 2 * HOUR,
      finishedAgoMs: 2 * HOUR - 5_000,
    });
    await finished([veteran], { ranked: true, createdAgoMs: 3 * HOUR, finishedAgoMs: 10_000 });
    await finished([veteran], { ranked: true, createdAgoMs: 23 * HOUR, finishedAgoMs: 23 * HOUR - 1_000 });
    // Not counted: created more than a day ago (though it ended within the day), and casual.
    await finished([veteran, regular], { ranked: true, createdAgoMs: 25 * HOUR, finishedAgoMs: 20 * HOUR });
    await finished([regular, newcomer], { ranked: false, createdAgoMs: HOUR, finishedAgoMs: 30 * 60_000 });

    const byId = new Map((await candidatesOf(db.prisma, now)).map((c) => [c.agentId, c]));
    expect(byId.get(veteran)).toMatchObject({ recentGames: 3, waitingMs: 10_000, house: false });
    // regular's last match to end is the casual one (30 minutes ago), after it joined the queue.
    expect(byId.get(regular)).toMatchObject({ recentGames: 1, waitingMs: 30 * 60_000 });
    // newcomer joined after its casual match ended: it waits from joining.
    expect(byId.get(newcomer)).toMatchObject({ recentGames: 0, waitingMs: 60_000 });
  });

  it('counts ranked games of the last day up to RECENT_GAMES_CAP (a pass does not read a whole busy day)', async () => {
    const busy = await queuedAgent(48 * HOUR);
    const other = await queuedAgent(48 * HOUR);
    for (let i = 0; i < RECENT_GAMES_CAP + 5; i++) {
      const createdAgoMs = HOUR + i * 60_000;
      await finished(i < 3 ? [busy, other] : [busy], {
        ranked: true,
        createdAgoMs,
        finishedAgoMs: createdAgoMs - 1000,
      });
    }
    const byId = new Map((await candidatesOf(db.prisma, now)).map((c) => [c.agentId, c]));
    expect(byId.get(busy)?.recentGames).toBe(RECENT_GAMES_CAP);
    expect(byId.get(other)?.recentGames).toBe(3);
  });
});
