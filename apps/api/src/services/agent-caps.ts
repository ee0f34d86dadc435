import type { FastifyInstance } from 'fastify';
import type { Prisma } from '@coup/db';
import type { AgentCreate } from '@coup/api-contract';
import type { z } from 'zod';
import { HttpError } from '../errors';
import { agentCountsByTransport, createAgent } from '../repositories/agents';
import { lockAccount } from '../repositories/accounts';

// How many agents one account may have: MAX_AGENTS_PER_ACCOUNT in all, MAX_LLM_AGENTS_PER_ACCOUNT of them
// hosted llm agents (each can put the operator's model to work in the ranked queue). Counted: the account's
// registered agents not deleted. Not counted: deleted agents (they play nothing more: deleting one frees its
// place), the account's table seat (created by the platform, one at most) and a prompt experiment's hidden
// agents (they play only that experiment, whose size, pace and tokens have their own limits: counting them
// would make a 2-prompt experiment impossible for an account that has its 3 llm agents).

export const TOO_MANY_AGENTS = 'too_many_agents';
export const TOO_MANY_LLM_AGENTS = 'too_many_llm_agents';

export async function agentCounts(tx: Prisma.TransactionClient, accountId: string) {
  const rows = await agentCountsByTransport(tx, accountId);
  const all = rows.reduce((n, r) => n + r._count._all, 0);
  const llm = rows.find((r) => r.transport === 'llm')?._count._all ?? 0;
  return { all, llm };
}

export function tooManyAgents(count: number, limit: number): HttpError {
  return new HttpError(
    409,
    TOO_MANY_AGENTS,
    `this account already has ${count} agents; the limit is ${limit} (MAX_AGENTS_PER_ACCOUNT): delete one ` +
      '(DELETE /v1/agents/{id}) before registering another',
    { count, limit },
  );
}

export function tooManyLlmAgents(count: number, limit: number): HttpError {
  return new HttpError(
    409,
    TOO_MANY_LLM_AGENTS,
    `this account already has ${count} llm agents; the limit is ${limit} (MAX_LLM_AGENTS_PER_ACCOUNT): ` +
      'delete one, change the strategy prompt of one you have (PATCH /v1/agents/{id}), or compare prompts ' +
      'with a prompt experiment (POST /v1/experiments), whose agents do not count',
    { count, limit },
  );
}

/** Registrations of one account wait their turn on its row lock: a burst must queue, not time out. */
const TX_OPTIONS = { maxWait: 10_000, timeout: 15_000 };

/**
 * Registers the agent unless the account is at its caps. The account row is locked for the count and the
 * insert, so parallel registrations cannot all slip under them.
 */
export function createAgentCapped(
  app: FastifyInstance,
  accountId: string,
  b: z.output<typeof AgentCreate>,
  secret: string,
) {
  return app.prisma.$transaction(async (tx) => {
    await lockAccount(tx, accountId);
    const counts = await agentCounts(tx, accountId);
    if (counts.all >= app.env.MAX_AGENTS_PER_ACCOUNT) {
      throw tooManyAgents(counts.all, app.env.MAX_AGENTS_PER_ACCOUNT);
    }
    if (b.transport === 'llm' && counts.llm >= app.env.MAX_LLM_AGENTS_PER_ACCOUNT) {
      throw tooManyLlmAgents(counts.llm, app.env.MAX_LLM_AGENTS_PER_ACCOUNT);
    }
    return createAgent(tx, accountId, b, secret);
  }, TX_OPTIONS);
}
