import type { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret, ID_PREFIX, newId } from '@coup/db';
import { createTestDatabase } from '@coup/db/testing';
import type { TestDatabase } from '@coup/db/testing';
import type { MatchJob } from '@coup/gateway';
import { scheduleEvents } from './events';

// The scheduler against a real Postgres, with a queue that only records jobs: the matches are "played" by
// writing places directly, so every step (start, rounds, end, races between workers) is checked exactly.

let db: TestDatabase;
let ownerId: string;

/** A stand-in for the BullMQ queue: add() and addBulk() with a job id are idempotent, like BullMQ's. */
function fakeQueue() {
  const jobs = new Map<string, MatchJob>();
  const add = async (_name: string, data: MatchJob, opts: { jobId: string }) => {
    if (!jobs.has(opts.jobId)) jobs.set(opts.jobId, data);
  };
  const queue = {
    add,
    addBulk: async (list: { name: string; data: MatchJob; opts: { jobId: string } }[]) => {
      for (const j of list) await add(j.name, j.data, j.opts);
    },
    getJob: async (id: string) => jobs.get(id),
  } as unknown as Queue<MatchJob>;
  return { queue, jobs };
}

async function makeAgent(
  name: string,
  extra: { status?: 'active' | 'paused'; deleted?: boolean; owner?: string } = {},
) {
  const id = newId(ID_PREFIX.agent);
  await db.prisma.agent.create({
    data: {
      id,
      ownerId: extra.owner ?? ownerId,
      name: `${name}-${id.slice(-6)}`,
      transport: 'http',
      endpointUrl: 'bot:random',
      // Agents of another owner are ordinary agents; the shared owner's are house agents.
      isHouse: extra.owner === undefined,
      status: extra.status ?? 'active',
      deletedAt: extra.deleted ? new Date() : null,
      secretHash: hashSecret(id),
      secretEnc: 'unused',
    },
  });
  return id;
}

async function makeEvent(
  agentIds: string[],
  o: {
    format?: 'round_robin' | 'swiss';
    seats?: number;
    rounds?: number;
    startsAt?: Date;
    rated?: boolean;
  } = {},
) {
  const id = newId(ID_PREFIX.event);
  await db.prisma.event.create({
    data: {
      id,
      name: `event ${id}`,
      format: o.format ?? 'round_robin',
      seatsPerMatch: o.seats ?? 2,
      rounds: o.rounds ?? 3,
      entry: 'list',
      startsAt: o.startsAt ?? new Date(Date.now() - 1000),
      rated: o.rated ?? false,
      entries: { create: agentIds.map((agentId) => ({ agentId })) },
    },
  });
  return id;
}

const eventMatches = (eventId: string) =>
  db.prisma.match.findMany({
    where: { eventId },
    include: { seats: { orderBy: { seat: 'asc' } } },
    orderBy: [{ eventRound: 'asc' }, { id: 'asc' }],
  });

/** Finishes every queued match of the event: seat 0 first, seat 1 second, and so on. */
async function playRound(eventId: string) {
  const open = await db.prisma.match.findMany({
    where: { eventId, status: 'queued' },
    include: { seats: true },
  });
  for (const m of open) {
    for (const s of m.seats) {
      await db.prisma.matchSeat.update({
        where: { matchId_seat: { matchId: m.id, seat: s.seat } },
        data: { place: s.seat + 1 },
      });
    }
    await db.prisma.match.update({
      where: { id: m.id },
      data: { status: 'finished', finishedAt: new Date() },
    });
  }
  return open.length;
}

beforeAll(async () => {
  db = await createTestDatabase();
  ownerId = newId(ID_PREFIX.account);
  await db.prisma.account.create({
    data: { id: ownerId, name: 'events-owner', apiKeyHash: hashSecret(ownerId), apiKeyPrefix: 'x' },
  });
}, 60_000);

afterAll(async () => {
  await db?.drop();
});

describe('scheduleEvents', () => {
  it('starts a due event, plays its rounds one after the other, then finishes it', async () => {
    const agents = await Promise.all(['a', 'b', 'c', 'd'].map((n) => makeAgent(n)));
    const eventId = await makeEvent(agents, { rounds: 3, rated: true });
    const { queue, jobs } = fakeQueue();
    const timeoutMs = 1234;

    const first = await scheduleEvents(db.prisma, { matchQueue: queue, timeoutMs });
    expect(first.started).toContain(eventId);
    let matches = await eventMatches(eventId);
    expect(matches).toHaveLength(2);
    expect(matches.every((m) => m.eventRound === 1 && m.ranked && m.timeoutMs === timeoutMs)).toBe(true);
    expect([...jobs.keys()].sort()).toEqual(matches.map((m) => m.id).sort());
    expect((await db.prisma.event.findUniqueOrThrow({ where: { id: eventId } })).status).toBe('running');

    // Nothing new while the round is being played.
    await scheduleEvents(db.prisma, { matchQueue: queue, timeoutMs });
    expect(await eventMatches(eventId)).toHaveLength(2);

    for (let round = 2; round <= 3; round++) {
      await playRound(eventId);
      await scheduleEvents(db.prisma, { matchQueue: queue, timeoutMs });
      matches = await eventMatches(eventId);
      expect(matches.filter((m) => m.eventRound === round)).toHaveLength(2);
    }
    await playRound(eventId);
    const last = await scheduleEvents(db.prisma, { matchQueue: queue, timeoutMs });
    expect(last.finished).toContain(eventId);
    expect((await db.prisma.event.findUniqueOrThrow({ where: { id: eventId } })).status).toBe('finished');
    // Round robin of 4 heads-up over 3 rounds: every pair met exactly once.
    matches = await eventMatches(eventId);
    const pairs = matches.map((m) =>
      m.seats
        .map((s) => s.agentId)
        .sort()
        .join('+'),
    );
    expect(new Set(pairs).size).toBe(6);
    await scheduleEvents(db.prisma, { matchQueue: queue, timeoutMs });
    expect(await eventMatches(eventId)).toHaveLength(6);
  });

  it('creates each round once when several workers run the pass at the same time', async () => {
    const agents = await Promise.all(['p', 'q', 'r', 's', 't', 'u', 'v'].map((n) => makeAgent(n)));
    const eventId = await makeEvent(agents, { format: 'swiss', seats: 3, rounds: 2 });
    const { queue } = fakeQueue();
    const pass = () => scheduleEvents(db.prisma, { matchQueue: queue, timeoutMs: 1000 });
    await Promise.all([pass(), pass(), pass(), pass()]);
    // 7 entrants in tables of at most 3: 3 tables (3, 2, 2).
    let matches = await eventMatches(eventId);
    expect(matches.map((m) => m.seats.length).sort()).toEqual([2, 2, 3]);
    await playRound(eventId);
    await Promise.all([pass(), pass(), pass(), pass()]);
    matches = await eventMatches(eventId);
    expect(matches.filter((m) => m.eventRound === 2)).toHaveLength(3);
    // Event matches count for ratings only when the event is rated.
    expect(matches.every((m) => !m.ranked)).toBe(true);
  });

  it('never seats two agents of one owner at a table (MAX_SEATS_PER_OWNER, default 1)', async () => {
    const owners = [newId(ID_PREFIX.account), newId(ID_PREFIX.account)];
    for (const id of owners) {
      await db.prisma.account.create({
        data: { id, name: `owner-${id}`, apiKeyHash: hashSecret(id), apiKeyPrefix: 'x' },
      });
    }
    // Three agents each: a heads-up round robin over 5 rounds would pair every two of them once.
    const agents = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((i) => makeAgent(`own${i}`, { owner: owners[i % 2] as string })),
    );
    const ownerOf = new Map(agents.map((a, i) => [a, owners[i % 2]]));
    const eventId = await makeEvent(agents, { rounds: 5, rated: true });
    const { queue } = fakeQueue();
    for (let round = 1; round <= 5; round++) {
      await scheduleEvents(db.prisma, { matchQueue: queue, timeoutMs: 1000 });
      await playRound(eventId);
    }
    const matches = await eventMatches(eventId);
    expect(matches).toHaveLength(15);
    for (const m of matches) {
      const seated = m.seats.map((s) => ownerOf.get(s.agentId));
      expect(new Set(seated).size, `round ${m.eventRound}`).toBe(seated.length);
    }
    // With the limit raised, the same owner's agents may meet.
    const again = await makeEvent(agents, { rounds: 5 });
    for (let round = 1; round <= 5; round++) {
      await scheduleEvents(db.prisma, { matchQueue: queue, timeoutMs: 1000, maxPerOwner: 2 });
      await playRound(again);
    }
    const shared = (await eventMatches(again)).filter(
      (m) => ownerOf.get(m.seats[0]!.agentId) === ownerOf.get(m.seats[1]!.agentId),
    );
    expect(shared.length).toBeGreaterThan(0);
  });

  it('leaves a future event alone, and an aborted match still ends its round', async () => {
    const agents = await Promise.all(['w', 'x'].map((n) => makeAgent(n)));
    const later = await makeEvent(agents, { startsAt: new Date(Date.now() + 60_000), rounds: 2 });
    const { queue } = fakeQueue();
    await scheduleEvents(db.prisma, { matchQueue: queue, timeoutMs: 1000 });
    expect((await db.prisma.event.findUniqueOrThrow({ where: { id: later } })).status).toBe('open');
    expect(await eventMatches(later)).toHaveLength(0);

    await scheduleEvents(db.prisma, { matchQueue: queue, timeoutMs: 1000, now: Date.now() + 61_000 });
    const [m] = await eventMatches(later);
    expect(m?.eventRound).toBe(1);
    await db.prisma.match.update({ where: { id: m!.id }, data: { status: 'aborted', abortReason: 'test' } });
    await scheduleEvents(db.prisma, { matchQueue: queue, timeoutMs: 1000, now: Date.now() + 62_000 });
    expect((await eventMatches(later)).map((x) => x.eventRound)).toEqual([1, 2]);
  });

  it('drops entries of paused or deleted agents at the start; fewer than 2 entrants finish at once', async () => {
    const ok = await makeAgent('ok');
    const paused = await makeAgent('paused', { status: 'paused' });
    const gone = await makeAgent('gone', { deleted: true });
    const eventId = await makeEvent([ok, paused, gone]);
    const { queue, jobs } = fakeQueue();
    const report = await scheduleEvents(db.prisma, { matchQueue: queue, timeoutMs: 1000 });
    expect(report.started).toContain(eventId);
    expect(report.finished).toContain(eventId);
    const event = await db.prisma.event.findUniqueOrThrow({
      where: { id: eventId },
      include: { entries: true },
    });
    expect(event.status).toBe('finished');
    expect(event.entries.map((e) => e.agentId)).toEqual([ok]);
    expect(await eventMatches(eventId)).toHaveLength(0);
    expect(jobs.size).toBe(0);
  });

  it('queues again a queued event match whose job was lost (a crash between commit and add)', async () => {
    const agents = await Promise.all(['y', 'z'].map((n) => makeAgent(n)));
    const eventId = await makeEvent(agents, { rounds: 1 });
    await scheduleEvents(db.prisma, { matchQueue: fakeQueue().queue, timeoutMs: 1000 });
    const [m] = await eventMatches(eventId);
    // A new queue knows no job: the match is orphaned. Too recent to touch at first, queued again later.
    const fresh = fakeQueue();
    const soon = await scheduleEvents(db.prisma, { matchQueue: fresh.queue, timeoutMs: 1000 });
    expect(soon.queued).not.toContain(m!.id);
    const later = await scheduleEvents(db.prisma, {
      matchQueue: fresh.queue,
      timeoutMs: 1000,
      now: Date.now() + 60_000,
    });
    expect(later.queued).toContain(m!.id);
    expect(fresh.jobs.get(m!.id)).toEqual({ matchId: m!.id });
    // Already queued: not added twice.
    const again = await scheduleEvents(db.prisma, {
      matchQueue: fresh.queue,
      timeoutMs: 1000,
      now: Date.now() + 60_000,
    });
    expect(again.queued).not.toContain(m!.id);
  });
});
