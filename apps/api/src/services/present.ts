import type { Account } from '@coup/db';
import { conservativeRating, DEFAULT_RATING_CONFIG, isProvisional } from '@coup/rating';
import type { AgentWithRelations } from '../repositories/agents';

/** A house agent before its first rated match: listed on the leaderboard at the initial rating. */
const INITIAL = { ...DEFAULT_RATING_CONFIG, games: 0, wins: 0 };

/**
 * The agent's rating as the leaderboard shows it: the live figure while it has unrated ranked matches, else
 * the stored one (the last closed period), else for a house agent the initial rating; null otherwise.
 */
export function presentRating(a: Pick<AgentWithRelations, 'rating' | 'liveRating' | 'isHouse'>) {
  const r = a.liveRating ?? a.rating ?? (a.isHouse ? INITIAL : null);
  if (!r) return null;
  return {
    rating: r.rating,
    rd: r.rd,
    vol: r.vol,
    conservative: conservativeRating(r),
    provisional: isProvisional(r),
    games: r.games,
    wins: r.wins,
    live: a.liveRating !== null,
    asOf: a.liveRating?.asOf.toISOString() ?? null,
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
    rating: presentRating(a),
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
