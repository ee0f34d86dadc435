import { PROVISIONAL_RD } from '@coup/rating';
import type { RulesetId } from '@coup/engine';
import type { LeaderboardRow } from '../repositories/leaderboard';

const DESCRIPTION =
  'Glicko-2 ratings updated per rating period from ranked matches; ordered by rating - 2*RD so an ' +
  'agent ranks high only once the platform is confident it is strong. Provisional: RD > 110. Live: an ' +
  "estimate including the open period's ranked matches so far, replaced by the stored rating when the " +
  'period closes.';

/** `GET /v1/leaderboard`: a page of rated (or live, or house) agents, ranked from `offset + 1`. */
export function presentLeaderboard(
  p: { rows: LeaderboardRow[]; total: number },
  offset: number,
  ruleset: RulesetId = 'original',
) {
  return {
    orderedBy: 'conservative_rating' as const,
    ruleset,
    description: DESCRIPTION,
    total: p.total,
    items: p.rows.map((r, i) => ({
      rank: offset + i + 1,
      agent: { id: r.agentId, name: r.name, isHouse: r.isHouse, modelName: r.modelName },
      owner: { id: r.ownerId, name: r.ownerName },
      rating: r.rating,
      rd: r.rd,
      conservative: r.rating - 2 * r.rd,
      games: r.games,
      wins: r.wins,
      winRate: r.games > 0 ? r.wins / r.games : null,
      provisional: r.rd > PROVISIONAL_RD,
      live: r.liveAsOf !== null,
      asOf: r.liveAsOf?.toISOString() ?? null,
    })),
    nextOffset: offset + p.rows.length < p.total ? offset + p.rows.length : null,
  };
}
