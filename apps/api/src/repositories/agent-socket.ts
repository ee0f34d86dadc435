import { hashSecret } from '@coup/db';
import type { PrismaClient } from '@coup/db';
import type { AgentRight } from '@coup/gateway';

// The queries of /v1/agents/connect: who a socket belongs to (by its secret, or by a table ticket's seat),
// and whether that agent still has the right to it once its session listens to revocations.

export const agentBySecret = (prisma: PrismaClient, secret: string) =>
  prisma.agent.findUnique({ where: { secretHash: hashSecret(secret) } });

export const agentById = (prisma: PrismaClient, id: string) => prisma.agent.findUnique({ where: { id } });

export const agentRight = (prisma: PrismaClient, id: string): Promise<AgentRight | null> =>
  prisma.agent.findUnique({ where: { id }, select: { secretHash: true, status: true, deletedAt: true } });

/** The agent a socket belongs to, as the route reads it. */
export type SocketAgent = NonNullable<Awaited<ReturnType<typeof agentById>>>;
