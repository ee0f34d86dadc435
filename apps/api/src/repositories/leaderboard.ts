import { Prisma } from '@coup/db';
import type { PrismaClient } from '@coup/db';
import { DEFAULT_RATING_CONFIG, PROVISIONAL_RD } from '@coup/rating';

/** One agent as the leaderboard lists it. */
export interface LeaderboardRow {
  agentId: string;
  name: string;
  isHouse: boolean;
  modelName: string | null;
  ownerId: string;
  ownerName: string;
  rating: number;
  rd: number;
  games: number;
  wins: number;
  /** When the figures are live (live_ratings): the latest ranked match they count finished then. */
  liveAsOf: Date | null;
}

export interface LeaderboardQuery {
  limit: number;
  offset: number;
  /** Only agents whose rating is established (RD <= PROVISIONAL_RD). */
  establishedOnly: boolean;
  /** Whose ladder (each ruleset is rated on its own); default `original`. */
  ruleset?: string;
}

/** Where the leaderboard's rows come from: Postgres (prismaLeaderboard), or a stand-in in tests. */
export interface LeaderboardRepository {
  /**
   * Agents with rated or live games, and house agents, best conservative rating (rating - 2*RD) first, and
   * how many there are.
   */
  page(q: LeaderboardQuery): Promise<{ rows: LeaderboardRow[]; total: number }>;
}

const { rating: INITIAL_RATING, rd: INITIAL_RD } = DEFAULT_RATING_CONFIG;

/**
 * Listed: agents with a stored rating (closed periods), agents with a live one (ranked matches of the open
 * period, live_ratings, which the worker keeps), and the house agents at their initial rating from the
 * start, so a new platform's board is never empty. A live row, when there is one, is the newer figure.
 */
export function prismaLeaderboard(prisma: PrismaClient): LeaderboardRepository {
  return {
    async page({ limit, offset, establishedOnly, ruleset = 'original' }) {
      const onlyEstablished = establishedOnly ? Prisma.sql`WHERE rd <= ${PROVISIONAL_RD}` : Prisma.empty;
      const rows = await prisma.$queryRaw<
        {
          agent_id: string;
          name: string;
          is_house: boolean;
          model_name: string | null;
          owner_id: string;
          owner_name: string;
          rating: number;
          rd: number;
          games: number;
          wins: number;
          as_of: Date | null;
          total: bigint;
        }[]
      >`
        WITH listed AS (
          SELECT agent_id FROM ratings WHERE games > 0 AND ruleset = ${ruleset}
          UNION SELECT agent_id FROM live_ratings WHERE ruleset = ${ruleset}
          UNION SELECT id FROM agents WHERE is_house AND ${ruleset} = ANY(rulesets)
        ), board AS (
          SELECT a.id AS agent_id, a.name, a.is_house, a.model_name, o.id AS owner_id, o.name AS owner_name,
                 COALESCE(l.rating, r.rating, ${INITIAL_RATING}::float8) AS rating,
                 COALESCE(l.rd, r.rd, ${INITIAL_RD}::float8) AS rd,
                 COALESCE(l.games, r.games, 0) AS games, COALESCE(l.wins, r.wins, 0) AS wins, l.as_of
          FROM listed
          JOIN agents a ON a.id = listed.agent_id
          JOIN accounts o ON o.id = a.owner_id
          LEFT JOIN ratings r ON r.agent_id = a.id AND r.ruleset = ${ruleset}
          LEFT JOIN live_ratings l ON l.agent_id = a.id AND l.ruleset = ${ruleset}
          WHERE a.deleted_at IS NULL
        )
        SELECT *, count(*) OVER () AS total FROM board ${onlyEstablished}
        ORDER BY (rating - 2 * rd) DESC, agent_id
        LIMIT ${limit} OFFSET ${offset}`;
      return {
        total: rows[0] ? Number(rows[0].total) : 0,
        rows: rows.map((r) => ({
          agentId: r.agent_id,
          name: r.name,
          isHouse: r.is_house,
          modelName: r.model_name,
          ownerId: r.owner_id,
          ownerName: r.owner_name,
          rating: r.rating,
          rd: r.rd,
          games: r.games,
          wins: r.wins,
          liveAsOf: r.as_of,
        })),
      };
    },
  };
}
