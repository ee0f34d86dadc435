import { ID_PREFIX, newId } from '@coup/db';
import type { Prisma, PrismaClient } from '@coup/db';
import type { EventCreate, EventListQuery } from '@coup/api-contract';
import type { z } from 'zod';
import { conflict, notFound } from '../errors';
import { afterCursor, decodeCursor, newestFirst } from './cursor';
import { matchInclude } from './matches';

// The queries of the event routes: official events, their entries and their matches.

export const entryInclude = {
  agent: { select: { id: true, name: true, isHouse: true, owner: { select: { id: true, name: true } } } },
} as const;

export type EventEntryWithAgent = Prisma.EventEntryGetPayload<{ include: typeof entryInclude }>;

/** Creates an event with its entry list (the agents checked first: services/event-create.ts). */
export function insertEvent(prisma: PrismaClient, b: z.output<typeof EventCreate>) {
  return prisma.event.create({
    data: {
      id: newId(ID_PREFIX.event),
      name: b.name,
      format: b.format,
      seatsPerMatch: b.seatsPerMatch,
      rounds: b.rounds,
      entry: b.entry,
      startsAt: b.startsAt ? new Date(b.startsAt) : new Date(),
      rated: b.rated,
      entries: { create: (b.agents ?? []).map((agentId) => ({ agentId })) },
    },
  });
}

/** A page of events, newest first (`limit + 1` rows: see services/cursor.ts), with their entrant counts. */
export function listEvents(prisma: PrismaClient, q: z.output<typeof EventListQuery>) {
  return prisma.event.findMany({
    where: { ...(q.status ? { status: q.status } : {}), ...afterCursor(decodeCursor(q.cursor)) },
    orderBy: newestFirst,
    take: q.limit + 1,
    include: { _count: { select: { entries: true } } },
  });
}

/** The last round with matches, per event (0 before the start). */
export async function currentRounds(prisma: PrismaClient, ids: string[]): Promise<Map<string, number>> {
  const rows = await prisma.match.groupBy({
    by: ['eventId'],
    where: { eventId: { in: ids } },
    _max: { eventRound: true },
  });
  return new Map(rows.map((r) => [r.eventId as string, r._max.eventRound ?? 0]));
}

/** An event with its entrants (in entry order) and its matches (by round), or null. */
export async function findEventDetail(prisma: PrismaClient, id: string) {
  const event = await prisma.event.findUnique({
    where: { id },
    include: { entries: { include: entryInclude, orderBy: [{ createdAt: 'asc' }, { agentId: 'asc' }] } },
  });
  if (!event) return null;
  const matches = await prisma.match.findMany({
    where: { eventId: event.id },
    include: matchInclude,
    orderBy: [{ eventRound: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }],
  });
  return { event, matches };
}

/**
 * Runs `fn` once the event is known to take entries: open entry, not started. The event row is held
 * FOR SHARE meanwhile, so the scheduler (which locks it FOR UPDATE to start the event) cannot start it
 * between the check and the write.
 */
export async function whileOpen<T>(
  prisma: PrismaClient,
  eventId: string,
  fn: (tx: Prisma.TransactionClient) => Promise<T>,
  o: { needsOpenEntry: boolean },
): Promise<T> {
  return prisma.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ status: string; entry: string; starts_at: Date }[]>`
      SELECT status::text AS status, entry::text AS entry, starts_at FROM events WHERE id = ${eventId}
      FOR SHARE`;
    const ev = rows[0];
    if (!ev) throw notFound(`event ${eventId}`);
    if (o.needsOpenEntry && ev.entry !== 'open') {
      throw conflict('this event has an entry list set by the operator; it takes no entries');
    }
    if (ev.status !== 'open' || ev.starts_at.getTime() <= Date.now()) {
      throw conflict(`entries closed when the event started (${ev.starts_at.toISOString()})`);
    }
    return fn(tx);
  });
}

/** Enters an agent in an open event; `created: false` when it was in already. */
export function enterEvent(prisma: PrismaClient, key: { eventId: string; agentId: string }) {
  return whileOpen(
    prisma,
    key.eventId,
    async (tx) => {
      const existing = await tx.eventEntry.findUnique({
        where: { eventId_agentId: key },
        include: entryInclude,
      });
      if (existing) return { entry: existing, created: false };
      return { entry: await tx.eventEntry.create({ data: key, include: entryInclude }), created: true };
    },
    { needsOpenEntry: true },
  );
}

/** Withdraws an agent from an event that has not started. */
export function withdrawFromEvent(prisma: PrismaClient, key: { eventId: string; agentId: string }) {
  return whileOpen(
    prisma,
    key.eventId,
    async (tx) => {
      const { count } = await tx.eventEntry.deleteMany({ where: key });
      if (count === 0) throw notFound(`entry of agent ${key.agentId} in event ${key.eventId}`);
    },
    { needsOpenEntry: false },
  );
}
