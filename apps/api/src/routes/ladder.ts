import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withAccess } from '../plugins/auth';
import { checkRatings } from '@coup/platform';
import { assertLlmModel } from '../services/llm-policy';
import { assertLlmBudget } from '../services/llm-budget';
import { conflict } from '../errors';
import { setInQueue } from '../repositories/agents';
import { prismaLeaderboard } from '../repositories/leaderboard';
import type { LeaderboardRepository } from '../repositories/leaderboard';
import { presentLeaderboard } from '../services/leaderboard';
import { refuseHumanSeat } from '../services/human-seats';
import { ownedAgent } from '../services/owned-agent';
import type { Caller } from '../services/owned-agent';
import {
  AgentPath,
  errors,
  Leaderboard,
  LeaderboardQuery,
  QueueState,
  RatingsCheck,
} from '@coup/api-contract';

export interface LadderRoutesOptions {
  /** Where the leaderboard is read from (default: Postgres). */
  leaderboard?: LeaderboardRepository;
}

/** Joining or leaving the ranked queue: the agent's owner, or the operator. */
const queueRoutes: FastifyPluginAsyncZod = async (app) => {
  const queueSchema = (summary: string) => ({
    schema: {
      tags: ['ladder'],
      summary,
      params: AgentPath,
      response: { 200: QueueState, ...errors(400, 401, 403, 404, 409, 429) },
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
    refuseHumanSeat(agent, 'join the ranked queue: people are never rated');
    // An llm agent plays only while the platform can call its model, and its owner's budget (and the
    // model's) has tokens left today: otherwise the matchmaker would take it out of the queue at once.
    if (agent.transport === 'llm') {
      assertLlmModel(app, agent.modelName, 409);
      await assertLlmBudget(
        app,
        { payerId: agent.ownerId, agents: [agent] },
        'The agent cannot join the ranked queue until the budget resets',
      );
    }
    if (agent.inQueue) return present(agent);
    return present(await setInQueue(app.prisma, agent.id, true));
  });

  app.delete('/agents/:id/queue', queueSchema('Leave the ranked queue'), async (req) => {
    const agent = await queueable(req);
    if (agent.isHouse && !req.isAdmin) throw conflict('house agents always stay in the queue');
    return present(await setInQueue(app.prisma, agent.id, false));
  });
};

/** The rating check: the operator. */
const ratingCheckRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/ratings/check',
    {
      schema: {
        tags: ['ladder'],
        summary: 'Recompute every rating from the match log and compare with the stored numbers (operator)',
        response: { 200: RatingsCheck, ...errors(401, 403) },
      },
    },
    async () => checkRatings(app.prisma, app.env.RATING_PERIOD_MS),
  );
};

export const ladderRoutes: FastifyPluginAsyncZod<LadderRoutesOptions> = async (app, opts) => {
  const leaderboard = opts.leaderboard ?? prismaLeaderboard(app.prisma);
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
      const page = await leaderboard.page({ limit, offset, establishedOnly: established === 'true' });
      return presentLeaderboard(page, offset);
    },
  );

  await app.register(withAccess('caller', queueRoutes));
  await app.register(withAccess('admin', ratingCheckRoutes));
};
