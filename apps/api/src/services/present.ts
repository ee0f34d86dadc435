import type { Account, Agent, Rating } from '@coup/db';
import { conservativeRating, isProvisional } from '@coup/rating';

export type AgentWithRelations = Agent & { owner: Pick<Account, 'id' | 'name'>; rating: Rating | null };

export const agentInclude = {
  owner: { select: { id: true, name: true } },
  rating: true,
} as const;

export function presentRating(r: Rating | null) {
  if (!r) return null;
  return {
    rating: r.rating,
    rd: r.rd,
    vol: r.vol,
    conservative: conservativeRating(r),
    provisional: isProvisional(r),
    games: r.games,
    wins: r.wins,
  };
}

/** The public profile of an agent; its owner also sees its endpoint, prompt and status reason. */
export function presentAgent(a: AgentWithRelations, viewer: { accountId: string | null; isAdmin: boolean }) {
  const privileged = viewer.isAdmin || viewer.accountId === a.ownerId;
  return {
    id: a.id,
    name: a.name,
    owner: { id: a.owner.id, name: a.owner.name },
    transport: a.transport,
    status: a.status,
    modelName: a.modelName,
    isHouse: a.isHouse,
    allowChallenges: a.allowChallenges,
    historyMode: a.historyMode,
    wantsPrompt: a.wantsPrompt,
    inQueue: a.inQueue,
    rating: presentRating(a.rating),
    createdAt: a.createdAt.toISOString(),
    ...(privileged
      ? {
          statusReason: a.statusReason,
          queueReason: a.queueReason,
          endpointUrl: a.endpointUrl,
          strategyPrompt: a.strategyPrompt,
          deleted: a.deletedAt !== null,
        }
      : {}),
  };
}

export function presentAccount(a: Account) {
  return {
    id: a.id,
    name: a.name,
    keyPrefix: a.apiKeyPrefix,
    isAdmin: a.isAdmin,
    createdAt: a.createdAt.toISOString(),
  };
}
