import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isEngineVersion, unknownEngineVersion } from '@coup/engine';
import { Replay, replayForSeat } from '@coup/protocol';
import { conflict, HttpError, notFound } from '../plugins/errors';
import { errors, MatchId, Page } from '../schemas/common';
import { MatchCreate, MatchListQuery, MatchOut, ReplayQuery } from '../schemas/matches';
import { afterCursor, decodeCursor, newestFirst, page } from '../services/cursor';
import { matchInclude, presentMatch, queueMatch } from '../services/matches';

const Params = z.object({ id: MatchId });

export const matchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/matches',
    {
      onRequest: app.requireAccount,
      schema: {
        tags: ['matches'],
        summary: 'Queue a match between named agents (one per seat, 2-6 seats), ranked or casual',
        security: [{ bearer: [] }],
        body: MatchCreate,
        response: { 201: MatchOut, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) => {
      const b = req.body;
      if (b.ranked && b.seed !== undefined) throw conflict('a ranked match draws its own seed');
      const match = await queueMatch(app, {
        agentIds: b.agents,
        ranked: b.ranked,
        timeoutMs: b.timeoutMs ?? app.env.MATCH_TIMEOUT_MS,
        ...(b.seed !== undefined ? { seed: b.seed } : {}),
      });
      return reply.code(201).send(presentMatch(match, app.publicUrl));
    },
  );

  app.get(
    '/matches',
    {
      schema: {
        tags: ['matches'],
        summary: 'List matches, newest first, with filters and cursor pagination',
        querystring: MatchListQuery,
        response: { 200: Page(MatchOut), ...errors(400) },
      },
    },
    async (req) => {
      const q = req.query;
      const rows = await app.prisma.match.findMany({
        where: {
          ...(q.agent ? { seats: { some: { agentId: q.agent } } } : {}),
          ...(q.status ? { status: q.status } : {}),
          ...(q.ranked ? { ranked: q.ranked === 'true' } : {}),
          ...(q.event ? { eventId: q.event } : {}),
          ...afterCursor(decodeCursor(q.cursor)),
        },
        orderBy: newestFirst,
        take: q.limit + 1,
        include: matchInclude,
      });
      const p = page(rows, q.limit);
      return { items: p.items.map((m) => presentMatch(m, app.publicUrl)), nextCursor: p.nextCursor };
    },
  );

  app.get(
    '/matches/:id',
    {
      schema: {
        tags: ['matches'],
        summary: 'One match: status, seats, places, faults; the seed once it has ended',
        params: Params,
        response: { 200: MatchOut, ...errors(400, 404) },
      },
    },
    async (req) => {
      const m = await app.prisma.match.findUnique({ where: { id: req.params.id }, include: matchInclude });
      if (!m) throw notFound(`match ${req.params.id}`);
      return presentMatch(m, app.publicUrl);
    },
  );

  app.get(
    '/matches/:id/replay',
    {
      schema: {
        tags: ['matches'],
        summary:
          'The full replay once the match has ended (omniscient); ?seat=N gives exactly what that seat was sent',
        params: Params,
        querystring: ReplayQuery,
        response: { 200: z.unknown(), ...errors(400, 404, 409) },
      },
    },
    async (req) => {
      const m = await app.prisma.match.findUnique({
        where: { id: req.params.id },
        select: { status: true, seats: { select: { seat: true } }, replay: { select: { data: true } } },
      });
      if (!m) throw notFound(`match ${req.params.id}`);
      if (m.status !== 'finished' || !m.replay) {
        throw new HttpError(
          409,
          'match_not_finished',
          `match ${req.params.id} is ${m.status}; its replay is published when it ends`,
        );
      }
      const replay = Replay.parse(m.replay.data);
      const seat = req.query.seat;
      if (seat === undefined) return replay;
      if (!m.seats.some((s) => s.seat === seat)) throw notFound(`seat ${seat} in match ${req.params.id}`);
      // A seat's replay is rebuilt by re-running the engine version that recorded the match.
      if (!isEngineVersion(replay.engineVersion)) {
        throw new HttpError(409, 'unknown_engine_version', unknownEngineVersion(replay.engineVersion));
      }
      return replayForSeat(replay, seat);
    },
  );
};
