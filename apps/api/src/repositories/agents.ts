import { encryptSecret, hashSecret, ID_PREFIX, newId, Prisma } from '@coup/db';
import type { Account, Agent, LiveRating, PrismaClient, Rating } from '@coup/db';
import type { AgentCreate, AgentListQuery, AgentUpdate } from '@coup/api-contract';
import type { z } from 'zod';
import { afterCursor, decodeCursor, newestFirst } from './cursor';

// The queries of the agent and queue routes. Secrets are stored hashed (lookups) and encrypted (signing).

/** An agent as its views show it: with its owner's name and its ratings (stored and live). */
export const agentInclude = {
  owner: { select: { id: true, name: true } },
  rating: true,
  liveRating: true,
} as const;

export type AgentWithRelations = Agent & {
  owner: Pick<Account, 'id' | 'name'>;
  rating: Rating | null;
  liveRating: LiveRating | null;
};

/** A write that broke a unique constraint (an agent name that is taken). */
export function isUniqueViolation(err: unknown): boolean {
  return err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002';
}

export const secretColumns = (secret: string) => ({
  secretHash: hashSecret(secret),
  secretEnc: encryptSecret(secret),
});

/**
 * Agents not deleted, newest first (`limit + 1` rows: see services/cursor.ts), filtered as asked. Prompt
 * experiments' agents are listed with their experiment, not here.
 */
export function listAgents(prisma: PrismaClient, q: z.output<typeof AgentListQuery>) {
  return prisma.agent.findMany({
    where: {
      deletedAt: null,
      experimentId: null,
      ...(q.owner ? { ownerId: q.owner } : {}),
      ...(q.q ? { name: { contains: q.q, mode: 'insensitive' as const } } : {}),
      ...(q.status ? { status: q.status } : {}),
      ...(q.inQueue ? { inQueue: q.inQueue === 'true' } : {}),
      ...(q.house ? { isHouse: q.house === 'true' } : {}),
      ...(q.allowChallenges ? { allowChallenges: q.allowChallenges === 'true' } : {}),
      ...afterCursor(decodeCursor(q.cursor)),
    },
    orderBy: newestFirst,
    take: q.limit + 1,
    include: agentInclude,
  });
}

/** The agents of these ids, in any state (the caller decides what each one means). */
export function agentsByIds(prisma: PrismaClient, ids: readonly string[]) {
  return prisma.agent.findMany({ where: { id: { in: [...new Set(ids)] } } });
}

export function findAgent(prisma: PrismaClient, id: string) {
  return prisma.agent.findUnique({ where: { id }, include: agentInclude });
}

export function createAgent(
  prisma: PrismaClient | Prisma.TransactionClient,
  ownerId: string,
  b: z.output<typeof AgentCreate>,
  secret: string,
) {
  return prisma.agent.create({
    data: {
      id: newId(ID_PREFIX.agent),
      ownerId,
      name: b.name,
      transport: b.transport,
      endpointUrl: b.endpointUrl ?? null,
      modelName: b.modelName ?? null,
      strategyPrompt: b.strategyPrompt ?? null,
      allowChallenges: b.allowChallenges ?? false,
      historyMode: b.historyMode ?? 'delta',
      wantsPrompt: b.wantsPrompt ?? true,
      ...secretColumns(secret),
    },
    include: agentInclude,
  });
}

/** Applies the fields given; a paused agent leaves the ranked queue. */
export function updateAgent(prisma: PrismaClient, id: string, b: z.output<typeof AgentUpdate>) {
  return prisma.agent.update({
    where: { id },
    data: {
      ...(b.name !== undefined ? { name: b.name } : {}),
      ...(b.endpointUrl !== undefined ? { endpointUrl: b.endpointUrl } : {}),
      ...(b.modelName !== undefined ? { modelName: b.modelName } : {}),
      ...(b.strategyPrompt !== undefined ? { strategyPrompt: b.strategyPrompt } : {}),
      ...(b.allowChallenges !== undefined ? { allowChallenges: b.allowChallenges } : {}),
      ...(b.historyMode !== undefined ? { historyMode: b.historyMode } : {}),
      ...(b.wantsPrompt !== undefined ? { wantsPrompt: b.wantsPrompt } : {}),
      ...(b.status !== undefined ? { status: b.status, statusReason: null } : {}),
      ...(b.status === 'paused' ? { inQueue: false, queueJoinedAt: null } : {}),
    },
    include: agentInclude,
  });
}

/** Pauses or resumes; a paused agent leaves the ranked queue. */
export function setAgentStatus(prisma: PrismaClient, id: string, status: 'paused' | 'active') {
  return prisma.agent.update({
    where: { id },
    data: {
      status,
      statusReason: null,
      ...(status === 'paused' ? { inQueue: false, queueJoinedAt: null } : {}),
    },
    include: agentInclude,
  });
}

/** Soft delete: the agent's matches and replays stay, and its name is freed for reuse. */
export function deleteAgent(prisma: PrismaClient, agent: { id: string; name: string }) {
  return prisma.agent.update({
    where: { id: agent.id },
    data: {
      deletedAt: new Date(),
      status: 'paused',
      inQueue: false,
      queueJoinedAt: null,
      name: `${agent.name}~deleted~${agent.id}`.slice(0, 120),
    },
  });
}

export function replaceAgentSecret(prisma: PrismaClient, id: string, secret: string) {
  return prisma.agent.update({ where: { id }, data: secretColumns(secret), include: agentInclude });
}

/** Joins (with the time, for fair matchmaking) or leaves the ranked queue. */
export function setInQueue(prisma: PrismaClient, id: string, inQueue: boolean) {
  return prisma.agent.update({
    where: { id },
    data: inQueue
      ? { inQueue: true, queueJoinedAt: new Date(), queueReason: null }
      : { inQueue: false, queueJoinedAt: null },
  });
}

/** The account's agents that count against its caps (services/agent-caps.ts), by transport. */
export function agentCountsByTransport(tx: Prisma.TransactionClient, accountId: string) {
  return tx.agent.groupBy({
    by: ['transport'],
    where: { ownerId: accountId, deletedAt: null, experimentId: null, transport: { not: 'human' } },
    _count: { _all: true },
  });
}
