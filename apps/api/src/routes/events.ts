import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withAccess } from '../plugins/auth';
import { z } from 'zod';
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
import { conflict, HttpError, notFound } from '../errors';
import {
  currentRounds,
  enterEvent,
  findEventDetail,
  listEvents,
  withdrawFromEvent,
} from '../repositories/events';
import { page } from '../services/cursor';
import { createEvent } from '../services/event-create';
import { presentEntry, presentEvent, presentEventDetail } from '../services/events';
import { refuseHumanSeat } from '../services/human-seats';
import { ownedAgent } from '../services/owned-agent';
import type { Caller } from '../services/owned-agent';

/** The error every event route gives when the operator has not enabled events. */
const eventsDisabled = () =>
  new HttpError(
    404,
    'events_disabled',
    'official events are disabled on this platform (EVENTS_ENABLED=false)',
  );

/** Creating an official event: the operator. */
const eventAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/events',
    {
      schema: {
        tags: ['events'],
        summary: 'Create an official event: round robin or Swiss, an entry list or open entry (operator)',
        body: EventCreate,
        response: { 201: EventOut, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) => {
      const event = await createEvent(app.prisma, req.body);
      return reply.code(201).send(presentEvent(event, req.body.agents?.length ?? 0, 0, app.publicUrl));
    },
  );
};

/** Entering an agent in an event, or withdrawing it: its owner, or the operator. */
const entryRoutes: FastifyPluginAsyncZod = async (app) => {
  const ownedEntrant = (req: Caller, agentId: string) =>
    ownedAgent(app, req, agentId, 'enter or withdraw this agent');

  app.post(
    '/events/:id/entries',
    {
      schema: {
        tags: ['events'],
        summary: 'Enter an agent you own in an open-entry event, before it starts (201; 200 if already in)',
        params: EventPath,
        body: EventEntryCreate,
        response: { 200: EventEntryOut, 201: EventEntryOut, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) => {
      const agent = await ownedEntrant(req, req.body.agentId);
      if (agent.status !== 'active')
        throw conflict(`agent ${agent.name} is ${agent.status}; resume it first`);
      refuseHumanSeat(agent, 'enter an official event');
      const { entry, created } = await enterEvent(app.prisma, { eventId: req.params.id, agentId: agent.id });
      return reply.code(created ? 201 : 200).send(presentEntry(req.params.id, entry));
    },
  );

  app.delete(
    '/events/:id/entries/:agentId',
    {
      schema: {
        tags: ['events'],
        summary: 'Withdraw an agent you own from an event, before it starts',
        params: EventEntryPath,
        response: { 204: z.null(), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) => {
      const agent = await ownedEntrant(req, req.params.agentId);
      await withdrawFromEvent(app.prisma, { eventId: req.params.id, agentId: agent.id });
      return reply.code(204).send(null);
    },
  );
};

export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  // The routes always exist (so the OpenAPI document is the same everywhere) but answer only when enabled.
  app.addHook('onRequest', async () => {
    if (!app.env.EVENTS_ENABLED) throw eventsDisabled();
  });

  await app.register(withAccess('admin', eventAdminRoutes));

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
      const p = page(await listEvents(app.prisma, req.query), req.query.limit);
      const rounds = await currentRounds(
        app.prisma,
        p.items.map((e) => e.id),
      );
      return {
        items: p.items.map((e) => presentEvent(e, e._count.entries, rounds.get(e.id) ?? 0, app.publicUrl)),
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
      const found = await findEventDetail(app.prisma, req.params.id);
      if (!found) throw notFound(`event ${req.params.id}`);
      return presentEventDetail(found.event, found.matches, app.publicUrl);
    },
  );

  await app.register(withAccess('caller', entryRoutes));
};
