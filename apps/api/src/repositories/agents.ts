import { encryptSecret, hashSecret, ID_PREFIX, newId, preparedRows, Prisma } from '@coup/db';
import type { Account, Agent, LiveRating, PrismaClient, Rating } from '@coup/db';
import type { AgentCreate, AgentListQuery, AgentUpdate } from '@coup/api-contract';
import type { z } from 'zod';
import { afterCursor, decodeCursor, newestFirst } from './cursor';
import { isPersonSeat, transportIdsWhere } from '@coup/transports';

// The queries of the agent and queue routes. Secrets are stored hashed (lookups) and encrypted (signing).

/** An agent as its views show it: with its owner's name and its ratings (stored and live). */
export const agentInclude = {
  owner: { select: { id: true, name: true } },
  ratings: true,
  liveRatings: true,
} as const;

/** An agent with its owner and its stored and live ratings (one of each per ruleset it was rated in). */
export type AgentWithRelations = Agent & {
  owner: Pick<Account, 'id' | 'name'>;
  ratings: Rating[];
  liveRatings: LiveRating[];
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

/**
 * The select list of an agent as its views show it, with its owner and its ratings (read FROM agents a JOIN
 * accounts o ON o.id = a.owner_id): one hand-written statement (issue 23: Prisma's include sent three
 * unnamed statements, planned each time). agentOfRow makes the row an AgentWithRelations.
 */
export const AGENT_VIEW = Prisma.sql`
      SELECT a.id, a.owner_id AS "ownerId", a.name, a.transport, a.endpoint_url AS "endpointUrl",
        a.secret_hash AS "secretHash", a.secret_enc AS "secretEnc", a.status, a.status_reason AS "statusReason",
        a.model_name AS "modelName", a.strategy_prompt AS "strategyPrompt", a.is_house AS "isHouse",
        a.allow_challenges AS "allowChallenges", a.history_mode AS "historyMode", a.wants_prompt AS "wantsPrompt",
        a.in_queue AS "inQueue", a.queue_joined_at AS "queueJoinedAt", a.queue_reason AS "queueReason",
        a.created_at AS "createdAt", a.updated_at AS "updatedAt", a.deleted_at AS "deletedAt",
        a.experiment_id AS "experimentId", a.rulesets,
        json_build_object('id', o.id, 'name', o.name) AS owner,
        (SELECT json_agg(json_build_object('agentId', r.agent_id, 'ruleset', r.ruleset, 'rating', r.rating,
            'rd', r.rd, 'vol', r.vol, 'games', r.games, 'wins', r.wins, 'lastPeriodIndex', r.last_period_index,
            'updatedAt', r.updated_at))
          FROM ratings r WHERE r.agent_id = a.id) AS ratings,
        (SELECT json_agg(json_build_object('agentId', l.agent_id, 'ruleset', l.ruleset, 'rating', l.rating,
            'rd', l.rd, 'vol', l.vol, 'games', l.games, 'wins', l.wins, 'asOf', l.as_of,
            'updatedAt', l.updated_at))
          FROM live_ratings l WHERE l.agent_id = a.id) AS "liveRatings"`;

export type AgentViewRow = Omit<AgentWithRelations, 'ratings' | 'liveRatings'> & {
  ratings: (Omit<Rating, 'updatedAt'> & { updatedAt: string })[] | null;
  liveRatings: (Omit<LiveRating, 'updatedAt' | 'asOf'> & { updatedAt: string; asOf: string })[] | null;
};

/** An AGENT_VIEW row as an agent with its relations. */
export function agentOfRow(row: AgentViewRow): AgentWithRelations {
  // JSON carries the timestamps as text (and float8 exactly: Postgres writes the shortest round-trip form).
  return {
    ...row,
    ratings: (row.ratings ?? []).map((r) => ({ ...r, updatedAt: new Date(r.updatedAt) })),
    liveRatings: (row.liveRatings ?? []).map((r) => ({
      ...r,
      asOf: new Date(r.asOf),
      updatedAt: new Date(r.updatedAt),
    })),
  };
}

/** An agent with its owner and ratings, as a named prepared statement. */
export async function findAgent(prisma: PrismaClient, id: string): Promise<AgentWithRelations | null> {
  const [row] = await preparedRows<AgentViewRow>(
    prisma,
    'agent_by_id',
    Prisma.sql`${AGENT_VIEW} FROM agents a JOIN accounts o ON o.id = a.owner_id WHERE a.id = ${id}`,
  );
  return row ? agentOfRow(row) : null;
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
      rulesets: b.rulesets ?? ['original'],
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
      ...(b.rulesets !== undefined ? { rulesets: b.rulesets } : {}),
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
    where: {
      ownerId: accountId,
      deletedAt: null,
      experimentId: null,
      transport: { in: transportIdsWhere((a) => !isPersonSeat(a)) },
    },
    _count: { _all: true },
  });
}
