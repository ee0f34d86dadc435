import type { FastifyInstance } from 'fastify';
import { forbidden, notFound } from '../plugins/errors';
import { agentInclude } from './present';

export interface Caller {
  account: { id: string } | null;
  isAdmin: boolean;
}

/**
 * The agent `id` if it exists (not deleted) and the caller owns it or is the operator: the one ownership
 * check of every route that changes an agent. `doing` finishes "only the owner can ..." in the 403.
 */
export async function ownedAgent(app: FastifyInstance, caller: Caller, id: string, doing: string) {
  const agent = await app.prisma.agent.findUnique({ where: { id }, include: agentInclude });
  if (!agent || agent.deletedAt) throw notFound(`agent ${id}`);
  if (!caller.isAdmin && agent.ownerId !== caller.account?.id) throw forbidden(`only the owner can ${doing}`);
  return agent;
}
