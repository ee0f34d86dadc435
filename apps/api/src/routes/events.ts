import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ID_PREFIX, newId } from '@coup/db';
import type { Event, Prisma, PrismaClient } from '@coup/db';
import { computeStandings } from '@coup/platform';
import { conflict, HttpError, notFound } from '../plugins/errors';
import { afterCursor, decodeCursor, newestFirst, page } from '../services/cursor';
import { matchInclude, presentMatch } from '../services/matches';
import { ownedAgent } from '../services/owned-agent';
import type { Caller } from '../services/owned-agent';
import {
  errors,
  EventCreate,
  EventDetail,
  EventEntryCreate,
  EventEntryOut,
  EventEntryPath,
  EventListQuery,
  EventOut,
  EventPath,
  Page,
} from '@coup/api-contract';

const bearer = [{ bearer: [] }];

const SCORING =
  'A seat scores (seats at its table - its place) per finished match: 3/2/1/0 at a table of 4, 1/0 ' +
  'heads-up; tied seats share a place and its points. Ties in the standings are broken by wins (1st ' +
  "places), then Buchholz (the sum of the opponents' points), then mean place, then name.";

const entryInclude = {
  agent: { select: { id: true, name: true, isHouse: true, owner: { select: { id: true, name: true } } } },
} as const;

/** The error every event route gives when the operator has not enabled events. */
const eventsDisabled = () =>
  new HttpError(
    404,
    'events_disabled',
    'official events are disabled on this platform (EVENTS_ENABLED=false)',
  );

/** The last round with matches, per event (0 before the start). */
async function currentRounds(prisma: PrismaClient, ids: string[]): Promise<Map<string, number>> {
  const rows = await prisma.match.groupBy({
    by: ['eventId'],
    where: { eventId: { in: ids } },
    _max: { eventRound: true },
  });
  return new Map(rows.map((r) => [r.eventId as string, r._max.eventRound ?? 0]));
}

export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  // The routes always exist (so the OpenAPI document is the same everywhere) but answer only when enabled.
  app.addHook('onRequest', async () => {
    if (!app.env.EVENTS_ENABLED) throw eventsDisabled();
  });

  const presentEvent = (e: Event, entrantCount: number, currentRound: number) => ({
    id: e.id,
    name: e.name,
    format: e.format,
    seatsPerMatch: e.seatsPerMatch,
    rounds: e.rounds,
    entry: e.entry,
    startsAt: e.startsAt.toISOString(),
    status: e.status,
    rated: e.rated,
    createdAt: e.createdAt.toISOString(),
    entrantCount,
    currentRound,
    links: {
      self: `${app.publicUrl}/v1/events/${e.id}`,
      matches: `${app.publicUrl}/v1/matches?event=${e.id}`,
    },
  });

  app.post(
    '/events',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['events'],
        summary: 'Create an official event: round robin or Swiss, an entry list or open entry (operator)',
        security: bearer,
        body: EventCreate,
        response: { 201: EventOut, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) => {
      const b = req.body;
      const listed = b.agents ?? [];
      const agents = await app.prisma.agent.findMany({ where: { id: { in: listed } } });
      const byId = new Map(agents.map((a) => [a.id, a]));
      for (const id of listed) {
        const a = byId.get(id);
        if (!a || a.deletedAt) throw notFound(`agent ${id}`);
        if (a.status !== 'active') throw conflict(`agent ${a.name} (${id}) is ${a.status} and cannot enter`);
      }
      const event = await app.prisma.event.create({
        data: {
          id: newId(ID_PREFIX.event),
          name: b.name,
          format: b.format,
          seatsPerMatch: b.seatsPerMatch,
          rounds: b.rounds,
          entry: b.entry,
          startsAt: b.startsAt ? new Date(b.startsAt) : new Date(),
          rated: b.rated,
          entries: { create: listed.map((agentId) => ({ agentId })) },
        },
      });
      return reply.code(201).send(presentEvent(event, listed.length, 0));
    },
  );

  app.get(
    '/events',
    {
      schema: {
        tags: ['events'],
        summary: 'List official events, newest first',
        querystring: EventListQuery,
        response: { 200: Page(EventOut), ...errors(400, 404) },
      },
    },
    async (req) => {
      const q = req.query;
      const rows = await app.prisma.event.findMany({
        where: { ...(q.status ? { status: q.status } : {}), ...afterCursor(decodeCursor(q.cursor)) },
        orderBy: newestFirst,
        take: q.limit + 1,
        include: { _count: { select: { entries: true } } },
      });
      const p = page(rows, q.limit);
      const rounds = await currentRounds(
        app.prisma,
        p.items.map((e) => e.id),
      );
      return {
        items: p.items.map((e) => presentEvent(e, e._count.entries, rounds.get(e.id) ?? 0)),
        nextCursor: p.nextCursor,
      };
    },
  );

  app.get(
    '/events/:id',
    {
      schema: {
        tags: ['events'],
        summary: 'One event: its entrants, standings (points by place, tie-breaks) and matches by round',
        params: EventPath,
        response: { 200: EventDetail, ...errors(400, 404) },
      },
    },
    async (req) => {
      const event = await app.prisma.event.findUnique({
        where: { id: req.params.id },
        include: { entries: { include: entryInclude, orderBy: [{ createdAt: 'asc' }, { agentId: 'asc' }] } },
      });
      if (!event) throw notFound(`event ${req.params.id}`);
      const matches = await app.prisma.match.findMany({
        where: { eventId: event.id },
        include: matchInclude,
        orderBy: [{ eventRound: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }],
      });
      const agents = new Map(event.entries.map((e) => [e.agentId, e.agent]));
      const standings = computeStandings(
        event.entries.map((e) => ({ agentId: e.agentId, name: e.agent.name })),
        matches.map((m) => ({
          round: m.eventRound ?? 0,
          status: m.status,
          seats: m.seats.map((s) => ({ agentId: s.agentId, place: s.place })),
        })),
      );
      const byRound = new Map<number, typeof matches>();
      for (const m of matches) {
        const r = m.eventRound ?? 0;
        byRound.set(r, [...(byRound.get(r) ?? []), m]);
      }
      const current = Math.max(0, ...byRound.keys());
      return {
        ...presentEvent(event, event.entries.length, current),
        scoring: SCORING,
        entrants: event.entries.map((e) => presentEntry(event.id, e)),
        standings: standings.map((s) => {
          const a = agents.get(s.agentId);
          return {
            rank: s.rank,
            agent: { id: s.agentId, name: s.name, isHouse: a?.isHouse ?? false },
            points: s.points,
            played: s.played,
            wins: s.wins,
            buchholz: s.buchholz,
            meanPlace: s.meanPlace,
          };
        }),
        schedule: [...byRound.entries()].map(([round, ms]) => ({
          round,
          matches: ms.map((m) => presentMatch(m, app.publicUrl)),
        })),
      };
    },
  );

  /**
   * Runs `fn` once the event is known to take entries: open entry, not started. The event row is held
   * FOR SHARE meanwhile, so the scheduler (which locks it FOR UPDATE to start the event) cannot start it
   * between the check and the write.
   */
  async function whileOpen<T>(
    eventId: string,
    fn: (tx: Prisma.TransactionClient) => Promise<T>,
    o: { needsOpenEntry: boolean },
  ): Promise<T> {
    return app.prisma.$transaction(async (tx) => {
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

  const ownedEntrant = (req: Caller, agentId: string) =>
    ownedAgent(app, req, agentId, 'enter or withdraw this agent');

  app.post(
    '/events/:id/entries',
    {
      onRequest: app.requireCaller,
      schema: {
        tags: ['events'],
        summary: 'Enter an agent you own in an open-entry event, before it starts (201; 200 if already in)',
        security: bearer,
        params: EventPath,
        body: EventEntryCreate,
        response: { 200: EventEntryOut, 201: EventEntryOut, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) => {
      const agent = await ownedEntrant(req, req.body.agentId);
      if (agent.status !== 'active')
        throw conflict(`agent ${agent.name} is ${agent.status}; resume it first`);
      const key = { eventId: req.params.id, agentId: agent.id };
      const { entry, created } = await whileOpen(
        req.params.id,
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
      return reply.code(created ? 201 : 200).send(presentEntry(req.params.id, entry));
    },
  );

  app.delete(
    '/events/:id/entries/:agentId',
    {
      onRequest: app.requireCaller,
      schema: {
        tags: ['events'],
        summary: 'Withdraw an agent you own from an event, before it starts',
        security: bearer,
        params: EventEntryPath,
        response: { 204: z.null(), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) => {
      const agent = await ownedEntrant(req, req.params.agentId);
      await whileOpen(
        req.params.id,
        async (tx) => {
          const { count } = await tx.eventEntry.deleteMany({
            where: { eventId: req.params.id, agentId: agent.id },
          });
          if (count === 0) throw notFound(`entry of agent ${agent.id} in event ${req.params.id}`);
        },
        { needsOpenEntry: false },
      );
      return reply.code(204).send(null);
    },
  );
};

function presentEntry(
  eventId: string,
  e: {
    createdAt: Date;
    agent: { id: string; name: string; isHouse: boolean; owner: { id: string; name: string } };
  },
) {
  return {
    eventId,
    agent: { id: e.agent.id, name: e.agent.name, isHouse: e.agent.isHouse },
    owner: e.agent.owner,
    enteredAt: e.createdAt.toISOString(),
  };
}
