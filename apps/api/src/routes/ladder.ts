import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Prisma } from '@coup/db';
import { PROVISIONAL_RD } from '@coup/rating';
import { checkRatings } from '@coup/worker';
import { assertLlmModel } from '../services/llm-policy';
import { conflict } from '../plugins/errors';
import { AgentId, errors } from '../schemas/common';
import { Leaderboard, LeaderboardQuery, QueueState, RatingsCheck } from '../schemas/ladder';
import { ownedAgent } from '../services/owned-agent';
import type { Caller } from '../services/owned-agent';

const Params = z.object({ id: AgentId });

export const ladderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/leaderboard',
    {
      schema: {
        tags: ['ladder'],
        summary: 'Agents by conservative Glicko-2 rating (rating - 2*RD); provisional when RD > 110',
        querystring: LeaderboardQuery,
        response: { 200: Leaderboard, ...errors(400) },
      },
    },
    async (req) => {
      const { limit, offset, established } = req.query;
      const onlyEstablished =
        established === 'true' ? Prisma.sql`AND r.rd <= ${PROVISIONAL_RD}` : Prisma.empty;
      const rows = await app.prisma.$queryRaw<
        {
          agent_id: string;
          name: string;
          is_house: boolean;
          model_name: string | null;
          owner_id: string;
          owner_name: string;
          rating: number;
          rd: number;
          games: number;
          wins: number;
          total: bigint;
        }[]
      >`
        SELECT r.agent_id, a.name, a.is_house, a.model_name, o.id AS owner_id, o.name AS owner_name,
               r.rating, r.rd, r.games, r.wins, count(*) OVER () AS total
        FROM ratings r
        JOIN agents a ON a.id = r.agent_id
        JOIN accounts o ON o.id = a.owner_id
        WHERE a.deleted_at IS NULL AND r.games > 0 ${onlyEstablished}
        ORDER BY (r.rating - 2 * r.rd) DESC, r.agent_id
        LIMIT ${limit} OFFSET ${offset}`;
      const total = rows[0] ? Number(rows[0].total) : 0;
      return {
        orderedBy: 'conservative_rating' as const,
        description:
          'Glicko-2 ratings updated per rating period from ranked matches; ordered by rating - 2*RD so an ' +
          'agent ranks high only once the platform is confident it is strong. Provisional: RD > 110.',
        total,
        items: rows.map((r, i) => ({
          rank: offset + i + 1,
          agent: { id: r.agent_id, name: r.name, isHouse: r.is_house, modelName: r.model_name },
          owner: { id: r.owner_id, name: r.owner_name },
          rating: r.rating,
          rd: r.rd,
          conservative: r.rating - 2 * r.rd,
          games: r.games,
          wins: r.wins,
          winRate: r.games > 0 ? r.wins / r.games : null,
          provisional: r.rd > PROVISIONAL_RD,
        })),
        nextOffset: offset + rows.length < total ? offset + rows.length : null,
      };
    },
  );

  const queueSchema = (summary: string) => ({
    onRequest: app.requireCaller,
    schema: {
      tags: ['ladder'],
      summary,
      security: [{ bearer: [] }],
      params: Params,
      response: { 200: QueueState, ...errors(400, 401, 403, 404, 409) },
    },
  });

  const queueable = (req: Caller & { params: { id: string } }) =>
    ownedAgent(app, req, req.params.id, 'queue this agent');
  const present = (a: {
    id: string;
    inQueue: boolean;
    queueJoinedAt: Date | null;
    queueReason: string | null;
  }) => ({
    agentId: a.id,
    inQueue: a.inQueue,
    joinedAt: a.queueJoinedAt?.toISOString() ?? null,
    reason: a.queueReason,
  });

  app.post('/agents/:id/queue', queueSchema('Join the ranked queue'), async (req) => {
    const agent = await queueable(req);
    if (agent.status !== 'active') throw conflict(`agent ${agent.name} is ${agent.status}; resume it first`);
    // An llm agent plays only while the platform can call its model.
    if (agent.transport === 'llm') assertLlmModel(app, agent.modelName, 409);
    if (agent.inQueue) return present(agent);
    const updated = await app.prisma.agent.update({
      where: { id: agent.id },
      data: { inQueue: true, queueJoinedAt: new Date(), queueReason: null },
    });
    return present(updated);
  });

  app.delete('/agents/:id/queue', queueSchema('Leave the ranked queue'), async (req) => {
    const agent = await queueable(req);
    if (agent.isHouse && !req.isAdmin) throw conflict('house agents always stay in the queue');
    const updated = await app.prisma.agent.update({
      where: { id: agent.id },
      data: { inQueue: false, queueJoinedAt: null },
    });
    return present(updated);
  });

  app.post(
    '/admin/ratings/check',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['ladder'],
        summary: 'Recompute every rating from the match log and compare with the stored numbers (operator)',
        security: [{ bearer: [] }],
        response: { 200: RatingsCheck, ...errors(401, 403) },
      },
    },
    async () => checkRatings(app.prisma, app.env.RATING_PERIOD_MS),
  );
};
