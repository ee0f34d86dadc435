import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { AgentCreated, AgentOut, AgentPath, AgentUpdate, CheckResult, errors } from '@coup/api-contract';
import { changeAgent, removeAgent, rotateSecret, setStatus } from '../services/agent-changes';
import { checkOwnedAgent } from '../services/check';
import { LLM_BUDGET_EXHAUSTED } from '../services/llm-budget';
import { ownedAgent } from '../services/owned-agent';
import { presentAgent } from '../services/present';

// What an agent's owner (or the operator) does to it: change, pause or resume, delete, replace its secret,
// send it a sample decision. Registered behind the `caller` rule (withAccess); every route first finds the
// agent and checks that the caller owns it or is the operator (ownedAgent).

/** Who reads an agent: its owner and the operator see its private fields (presentAgent). */
export function viewer(req: FastifyRequest) {
  return { accountId: req.account?.id ?? null, isAdmin: req.isAdmin };
}

export const agentOwnerRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The agent, if it exists and the caller owns it (or is the operator). */
  const owned = (req: FastifyRequest, id: string) => ownedAgent(app, req, id, 'change this agent');

  app.patch(
    '/agents/:id',
    {
      schema: {
        tags: ['agents'],
        summary: 'Update an agent (owner only)',
        params: AgentPath,
        body: AgentUpdate,
        response: { 200: AgentOut, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      const agent = await owned(req, req.params.id);
      return presentAgent(await changeAgent(app, agent, req.body, req.isAdmin), viewer(req));
    },
  );

  for (const [path, status] of [
    ['pause', 'paused'],
    ['resume', 'active'],
  ] as const) {
    app.post(
      `/agents/:id/${path}`,
      {
        schema: {
          tags: ['agents'],
          summary: status === 'paused' ? 'Pause an agent (it plays no new matches)' : 'Resume a paused agent',
          params: AgentPath,
          response: { 200: AgentOut, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (req) => {
        const agent = await owned(req, req.params.id);
        return presentAgent(await setStatus(app, agent, status, req.isAdmin), viewer(req));
      },
    );
  }

  app.delete(
    '/agents/:id',
    {
      schema: {
        tags: ['agents'],
        summary: 'Delete an agent (owner only); its past matches and replays stay',
        params: AgentPath,
        response: { 204: z.null(), ...errors(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      await removeAgent(app, await owned(req, req.params.id));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/agents/:id/rotate-secret',
    {
      schema: {
        tags: ['agents'],
        summary: "Replace an agent's secret (shown once); the old one stops working at once",
        params: AgentPath,
        response: { 200: AgentCreated, ...errors(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const made = await rotateSecret(app, await owned(req, req.params.id));
      return { agent: presentAgent(made.agent, viewer(req)), secret: made.secret };
    },
  );

  app.post(
    '/agents/:id/check',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['agents'],
        summary: 'Send the agent a sample decision; report whether its answer was legal and how long it took',
        description:
          "An llm agent's check calls its model and counts against its owner's daily model budget: once " +
          `that (or the model's) is spent, 429 \`${LLM_BUDGET_EXHAUSTED}\` (details: used, limit, resetsAt).`,
        params: AgentPath,
        response: { 200: CheckResult, ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (req) => {
      return checkOwnedAgent(app, await owned(req, req.params.id));
    },
  );
};
