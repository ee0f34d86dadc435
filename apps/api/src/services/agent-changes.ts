import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { newAgentSecret } from '@coup/db';
import type { AgentCreate, AgentUpdate } from '@coup/api-contract';
import { hasEndpoint, playsHostedModel } from '@coup/transports';
import { conflict } from '../errors';
import {
  deleteAgent,
  isUniqueViolation,
  replaceAgentSecret,
  setAgentStatus,
  updateAgent,
} from '../repositories/agents';
import { createAgentCapped } from './agent-caps';
import { assertEndpointAllowed } from './endpoint-policy';
import { refuseHumanSeat } from './human-seats';
import { assertLlmModel } from './llm-policy';
import type { AgentWithRelations } from '../repositories/agents';

// What an owner does to an agent (the agent routes): register it, change it, pause or resume it, delete it,
// replace its secret. Each checks what its transport requires (@coup/transports) and revokes the sockets
// the change ends.

/** A write that broke the unique name: 409 naming it. */
async function uniqueName<T>(name: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`the agent name "${name}" is taken`);
    throw err;
  }
}

const disabledByPlatform = (agent: { statusReason: string | null }) =>
  conflict(`the agent was disabled by the platform: ${agent.statusReason ?? 'no reason given'}`);

/** A new agent of `accountId` with a new secret (shown once). */
export async function registerAgent(
  app: FastifyInstance,
  accountId: string,
  b: z.output<typeof AgentCreate>,
) {
  const secret = newAgentSecret();
  if (b.endpointUrl) await assertEndpointAllowed(b.endpointUrl, app.env.AGENT_ADDRESSES);
  if (playsHostedModel(b)) assertLlmModel(app, b.modelName);
  const agent = await uniqueName(b.name, () => createAgentCapped(app, accountId, b, secret));
  return { agent, secret };
}

/** PATCH /v1/agents/:id: only what the agent's transport has (an endpoint, a model) may change. */
export async function changeAgent(
  app: FastifyInstance,
  agent: AgentWithRelations,
  b: z.output<typeof AgentUpdate>,
  isAdmin: boolean,
) {
  if (b.allowChallenges === true)
    refuseHumanSeat(agent, 'be challenged: people sit only at their own tables');
  if (b.endpointUrl !== undefined && !hasEndpoint(agent)) {
    throw conflict(`a ${agent.transport} agent has no endpointUrl`);
  }
  // An llm agent is its model: a new one must be one of LLM_MODELS, and it cannot be removed.
  if (playsHostedModel(agent) && b.modelName !== undefined) assertLlmModel(app, b.modelName);
  if (b.endpointUrl !== undefined) await assertEndpointAllowed(b.endpointUrl, app.env.AGENT_ADDRESSES);
  if (agent.status === 'disabled' && b.status === 'active' && !isAdmin) throw disabledByPlatform(agent);
  const updated = await uniqueName(b.name, () => updateAgent(app.prisma, agent.id, b));
  if (b.status === 'paused') await app.revokeAgent(agent.id, 'paused');
  return updated;
}

/** Pause or resume; a paused agent's sockets close at once (and it cannot connect again until resumed). */
export async function setStatus(
  app: FastifyInstance,
  agent: AgentWithRelations,
  status: 'paused' | 'active',
  isAdmin: boolean,
) {
  if (agent.status === 'disabled' && !isAdmin) throw disabledByPlatform(agent);
  const updated = await setAgentStatus(app.prisma, agent.id, status);
  if (status === 'paused') await app.revokeAgent(agent.id, 'paused');
  return updated;
}

/** Deletes the agent (its past matches and replays stay) and closes its sockets. */
export async function removeAgent(app: FastifyInstance, agent: AgentWithRelations): Promise<void> {
  await deleteAgent(app.prisma, agent);
  await app.revokeAgent(agent.id, 'deleted');
}

/**
 * A new secret (shown once). Sockets opened with the old secret close; HTTP requests are signed with the
 * new one from the next decision on, in matches already running too.
 */
export async function rotateSecret(app: FastifyInstance, agent: AgentWithRelations) {
  const secret = newAgentSecret();
  const updated = await replaceAgentSecret(app.prisma, agent.id, secret);
  await app.revokeAgent(agent.id, 'secret_rotated');
  return { agent: updated, secret };
}
