import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { newAgentSecret } from '@coup/db';
import type { FastifyRequest } from 'fastify';
import { conflict, notFound } from '../plugins/errors';
import {
  deleteAgent,
  findAgent,
  isUniqueViolation,
  listAgents,
  replaceAgentSecret,
  setAgentStatus,
  updateAgent,
} from '../repositories/agents';
import { createAgentCapped, TOO_MANY_AGENTS, TOO_MANY_LLM_AGENTS } from '../services/agent-caps';
import { checkAgent } from '../services/check';
import { assertLlmBudget, LLM_BUDGET_EXHAUSTED } from '../services/llm-budget';
import { assertEndpointAllowed } from '../services/endpoint-policy';
import { assertLlmModel, LLM_NOT_CONFIGURED, MODEL_NOT_ALLOWED } from '../services/llm-policy';
import { page } from '../services/cursor';
import { refuseHumanSeat } from '../services/human-seats';
import { ownedAgent } from '../services/owned-agent';
import { presentAgent } from '../services/present';
import { behaviourStats, ratingHistory } from '../services/profile';
import { humanBaseline } from '../services/human-baseline';
import { houseMarks } from '../repositories/house-marks';
import {
  AgentCreateBody,
  AgentCreated,
  AgentListQuery,
  AgentOut,
  AgentPath,
  AgentUpdate,
  CheckResult,
  errors,
  Page,
} from '@coup/api-contract';

const bearer = [{ bearer: [] }];

function viewer(req: FastifyRequest) {
  return { accountId: req.account?.id ?? null, isAdmin: req.isAdmin };
}

export const agentRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The agent, if it exists and the caller owns it (or is the operator). */
  const owned = (req: FastifyRequest, id: string) => ownedAgent(app, req, id, 'change this agent');

  app.post(
    '/agents',
    {
      onRequest: app.requireAccount,
      schema: {
        tags: ['agents'],
        summary:
          'Register an agent (HTTP endpoint, WebSocket, or a hosted language model); its secret is shown once',
        description:
          "An http agent's endpointUrl must be an address the platform may call (AGENT_ADDRESSES): otherwise 400 " +
          '`endpoint_not_allowed`, naming the rule. An llm agent (`transport: "llm"`) is a `modelName` and a ' +
          '`strategyPrompt`, played by the platform through its model server: the model must be one of ' +
          `GET /v1/models (400 \`${MODEL_NOT_ALLOWED}\`), and a platform without LLM_BASE_URL refuses llm ` +
          `agents (409 \`${LLM_NOT_CONFIGURED}\`). An account has at most MAX_AGENTS_PER_ACCOUNT agents ` +
          `(409 \`${TOO_MANY_AGENTS}\`), MAX_LLM_AGENTS_PER_ACCOUNT of them llm agents (409 ` +
          `\`${TOO_MANY_LLM_AGENTS}\`); deleted agents and experiments' agents do not count.`,
        security: bearer,
        body: AgentCreateBody,
        response: { 201: AgentCreated, ...errors(400, 401, 403, 409) },
      },
    },
    async (req, reply) => {
      const secret = newAgentSecret();
      const b = req.body;
      if (b.endpointUrl) await assertEndpointAllowed(b.endpointUrl, app.env.AGENT_ADDRESSES);
      if (b.transport === 'llm') assertLlmModel(app, b.modelName);
      try {
        const agent = await createAgentCapped(app, req.account!.id, b, secret);
        return reply.code(201).send({ agent: presentAgent(agent, viewer(req)), secret });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(`the agent name "${b.name}" is taken`);
        throw err;
      }
    },
  );

  app.get(
    '/agents',
    {
      schema: {
        tags: ['agents'],
        summary: 'List agents, newest first',
        querystring: AgentListQuery,
        response: { 200: Page(AgentOut), ...errors(400) },
      },
    },
    async (req) => {
      const q = req.query;
      const rows = await listAgents(app.prisma, q);
      const p = page(rows, q.limit);
      return { items: p.items.map((a) => presentAgent(a, viewer(req))), nextCursor: p.nextCursor };
    },
  );

  app.get(
    '/agents/:id',
    {
      onRequest: app.optionalAccount,
      schema: {
        tags: ['agents'],
        summary: "An agent's public profile (its owner also sees endpoint, prompt and status reason)",
        params: AgentPath,
        response: { 200: AgentOut, ...errors(400, 401, 404) },
      },
    },
    async (req) => {
      // The five reads at once (one wait for the database instead of five in a row); an unknown agent's
      // history and stats are simply empty.
      const id = req.params.id;
      const [agent, history, stats, people, marks] = await Promise.all([
        findAgent(app.prisma, id),
        ratingHistory(app.prisma, id, app.env.RATING_PERIOD_MS),
        behaviourStats(app.prisma, id),
        humanBaseline(app.prisma),
        houseMarks(app.prisma, id),
      ]);
      if (!agent || agent.deletedAt) throw notFound(`agent ${id}`);
      return {
        ...presentAgent(agent, viewer(req)),
        ratingHistory: history,
        stats,
        humanBaseline: people,
        houseMarks: marks,
      };
    },
  );

  app.patch(
    '/agents/:id',
    {
      onRequest: app.requireCaller,
      schema: {
        tags: ['agents'],
        summary: 'Update an agent (owner only)',
        security: bearer,
        params: AgentPath,
        body: AgentUpdate,
        response: { 200: AgentOut, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      const agent = await owned(req, req.params.id);
      const b = req.body;
      if (b.allowChallenges === true)
        refuseHumanSeat(agent, 'be challenged: people sit only at their own tables');
      if (b.endpointUrl !== undefined && agent.transport !== 'http') {
        throw conflict(`a ${agent.transport} agent has no endpointUrl`);
      }
      // An llm agent is its model: a new one must be one of LLM_MODELS, and it cannot be removed.
      if (agent.transport === 'llm' && b.modelName !== undefined) assertLlmModel(app, b.modelName);
      if (b.endpointUrl !== undefined) await assertEndpointAllowed(b.endpointUrl, app.env.AGENT_ADDRESSES);
      if (agent.status === 'disabled' && b.status === 'active' && !req.isAdmin) {
        throw conflict(`the agent was disabled by the platform: ${agent.statusReason ?? 'no reason given'}`);
      }
      try {
        const updated = await updateAgent(app.prisma, agent.id, b);
        if (b.status === 'paused') await app.revokeAgent(agent.id, 'paused');
        return presentAgent(updated, viewer(req));
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(`the agent name "${b.name}" is taken`);
        throw err;
      }
    },
  );

  for (const [path, status] of [
    ['pause', 'paused'],
    ['resume', 'active'],
  ] as const) {
    app.post(
      `/agents/:id/${path}`,
      {
        onRequest: app.requireCaller,
        schema: {
          tags: ['agents'],
          summary: status === 'paused' ? 'Pause an agent (it plays no new matches)' : 'Resume a paused agent',
          security: bearer,
          params: AgentPath,
          response: { 200: AgentOut, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (req) => {
        const agent = await owned(req, req.params.id);
        if (agent.status === 'disabled' && !req.isAdmin) {
          throw conflict(
            `the agent was disabled by the platform: ${agent.statusReason ?? 'no reason given'}`,
          );
        }
        const updated = await setAgentStatus(app.prisma, agent.id, status);
        // A paused agent's sockets close at once (and it cannot connect again until resumed).
        if (status === 'paused') await app.revokeAgent(agent.id, 'paused');
        return presentAgent(updated, viewer(req));
      },
    );
  }

  app.delete(
    '/agents/:id',
    {
      onRequest: app.requireCaller,
      schema: {
        tags: ['agents'],
        summary: 'Delete an agent (owner only); its past matches and replays stay',
        security: bearer,
        params: AgentPath,
        response: { 204: z.null(), ...errors(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      const agent = await owned(req, req.params.id);
      await deleteAgent(app.prisma, agent);
      await app.revokeAgent(agent.id, 'deleted');
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/agents/:id/rotate-secret',
    {
      onRequest: app.requireCaller,
      schema: {
        tags: ['agents'],
        summary: "Replace an agent's secret (shown once); the old one stops working at once",
        security: bearer,
        params: AgentPath,
        response: { 200: AgentCreated, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const agent = await owned(req, req.params.id);
      const secret = newAgentSecret();
      const updated = await replaceAgentSecret(app.prisma, agent.id, secret);
      // Sockets opened with the old secret close; HTTP requests are signed with the new one from the next
      // decision on, in matches already running too.
      await app.revokeAgent(agent.id, 'secret_rotated');
      return { agent: presentAgent(updated, viewer(req)), secret };
    },
  );

  app.post(
    '/agents/:id/check',
    {
      onRequest: app.requireCaller,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['agents'],
        summary: 'Send the agent a sample decision; report whether its answer was legal and how long it took',
        description:
          "An llm agent's check calls its model and counts against its owner's daily model budget: once " +
          `that (or the model's) is spent, 429 \`${LLM_BUDGET_EXHAUSTED}\` (details: used, limit, resetsAt).`,
        security: bearer,
        params: AgentPath,
        response: { 200: CheckResult, ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (req) => {
      const agent = await owned(req, req.params.id);
      refuseHumanSeat(agent, 'be sent a sample decision: a person answers at a table');
      // An endpoint stored before the policy (or under a laxer one) is refused here with a clear 400.
      if (agent.transport === 'http' && !agent.isHouse && agent.endpointUrl) {
        await assertEndpointAllowed(agent.endpointUrl, app.env.AGENT_ADDRESSES);
      }
      if (agent.transport === 'llm') {
        assertLlmModel(app, agent.modelName, 409);
        await assertLlmBudget(
          app,
          { payerId: agent.ownerId, agents: [agent] },
          'The check would call the model: try again once the budget has reset',
        );
      }
      const player = app.transports.forAgent(agent);
      try {
        return await checkAgent(
          player,
          // An llm agent is checked at its own deadline (LLM_TIMEOUT_MS), as it plays.
          player.timeoutMs ?? app.env.MATCH_TIMEOUT_MS,
          app.env.AGENT_ADDRESSES,
          agent.strategyPrompt,
        );
      } finally {
        // The check's model tokens are written before it answers: the next request sees them counted.
        if (agent.transport === 'llm') await app.transports.flushUsage().catch(() => undefined);
      }
    },
  );
};
