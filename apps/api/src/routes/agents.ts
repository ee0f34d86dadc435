import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../errors';
import { withAccess } from '../plugins/auth';
import { listAgents } from '../repositories/agents';
import { profileReads } from '../repositories/agent-profile';
import { TOO_MANY_AGENTS, TOO_MANY_LLM_AGENTS } from '../services/agent-caps';
import { registerAgent } from '../services/agent-changes';
import { LLM_NOT_CONFIGURED, MODEL_NOT_ALLOWED } from '../services/llm-policy';
import { page } from '../services/cursor';
import { presentAgent } from '../services/present';
import { historyOf, statsOf } from '../services/profile';
import { baselineFigures } from '../services/human-baseline';
import { marksOf } from '../repositories/house-marks';
import {
  AgentCreateBody,
  AgentCreated,
  AgentListQuery,
  AgentOut,
  AgentPath,
  errors,
  Page,
} from '@coup/api-contract';
import { agentOwnerRoutes, viewer } from './agent-owner';

// Registering agents and reading them (public list and profiles); what owners do to their agents is in
// agent-owner.ts, registered from here.

/** POST /v1/agents: an account registers an agent. */
const registerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/agents',
    {
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
        body: AgentCreateBody,
        response: { 201: AgentCreated, ...errors(400, 401, 403, 409) },
      },
    },
    async (req, reply) => {
      const { agent, secret } = await registerAgent(app, req.account!.id, req.body);
      return reply.code(201).send({ agent: presentAgent(agent, viewer(req)), secret });
    },
  );
};

/** GET /v1/agents/:id: an agent's profile; its owner (a key is optional) also sees its private fields. */
const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/agents/:id',
    {
      schema: {
        tags: ['agents'],
        summary: "An agent's public profile (its owner also sees endpoint, prompt and status reason)",
        params: AgentPath,
        response: { 200: AgentOut, ...errors(400, 401, 404) },
      },
    },
    async (req) => {
      // The five reads in one statement (repositories/agent-profile.ts).
      const id = req.params.id;
      const reads = await profileReads(app.prisma, id);
      if (!reads || reads.agent.deletedAt) throw notFound(`agent ${id}`);
      const { agent } = reads;
      const stats = statsOf(reads.stats);
      const people = baselineFigures(reads.baselines);
      return {
        ...presentAgent(agent, viewer(req)),
        ratingHistory: historyOf(reads.history, app.env.RATING_PERIOD_MS),
        stats: stats.stats,
        statsByRuleset: stats.byRuleset,
        humanBaseline: people.original,
        humanBaselineByRuleset: people.byRuleset,
        houseMarks: marksOf(reads.marks),
      };
    },
  );
};

export const agentRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(withAccess('account', registerRoutes));

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

  await app.register(withAccess('viewer', profileRoutes));
  await app.register(withAccess('caller', agentOwnerRoutes));
};
