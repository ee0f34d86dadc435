import type { FastifyInstance } from 'fastify';
import { conflict, forbidden, notFound } from '../errors';
import { findAgent } from '../repositories/agents';

export interface Caller {
  account: { id: string } | null;
  isAdmin: boolean;
}

/**
 * The agent `id` if it exists (not deleted) and the caller owns it or is the operator: the one ownership
 * check of every route that changes an agent. `doing` finishes "only the owner can ..." in the 403.
 */
export async function ownedAgent(app: FastifyInstance, caller: Caller, id: string, doing: string) {
  const agent = await findAgent(app.prisma, id);
  if (!agent || agent.deletedAt) throw notFound(`agent ${id}`);
  if (!caller.isAdmin && agent.ownerId !== caller.account?.id) throw forbidden(`only the owner can ${doing}`);
  if (agent.experimentId) throw experimentAgent(agent);
  return agent;
}

/**
 * A prompt experiment's agent is the experiment's: it plays only the experiment's matches (never ranked
 * play, events or other matches), and its model and prompt stay what the experiment compares.
 */
export function experimentAgent(agent: { id: string; name: string; experimentId: string | null }) {
  return conflict(
    `agent ${agent.name} (${agent.id}) plays one prompt of experiment ${agent.experimentId ?? '?'}: it ` +
      "plays only that experiment's matches and cannot be changed, queued or seated elsewhere",
    { experimentId: agent.experimentId },
  );
}
