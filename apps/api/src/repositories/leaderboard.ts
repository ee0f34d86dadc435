import { Prisma } from '@coup/db';
import type { PrismaClient } from '@coup/db';
import { PROVISIONAL_RD } from '@coup/rating';

/** One rated agent as the leaderboard lists it. */
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
}

export interface LeaderboardQuery {
  limit: number;
  offset: number;
  /** Only agents whose rating is established (RD <= PROVISIONAL_RD). */
  establishedOnly: boolean;
}

/** Where the leaderboard's rows come from: Postgres (prismaLeaderboard), or a stand-in in tests. */
export interface LeaderboardRepository {
  /** Agents with rated games, best conservative rating (rating - 2*RD) first, and how many there are. */
  page(q: LeaderboardQuery): Promise<{ rows: LeaderboardRow[]; total: number }>;
}

export function prismaLeaderboard(prisma: PrismaClient): LeaderboardRepository {
  return {
    async page({ limit, offset, establishedOnly }) {
      const onlyEstablished = establishedOnly ? Prisma.sql`AND r.rd <= ${PROVISIONAL_RD}` : Prisma.empty;
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
          total: bigint;
        }[]
      >`
        SELECT r.agent_id, a.name, a.is_house, a.model_name, o.id AS owner_id, o.name AS owner_name,
               r.rating, r.rd, r.games, r.wins, count(*) OVER () AS total
        FROM ratings r
        JOIN agents a ON a.id = r.agent_id
        JOIN accounts o ON o.id = a.owner_id
        WHERE a.deleted_at IS NULL AND r.games > 0 ${onlyEstablished}
        ORDER BY (r.rating - 2 * r.rd) DESC, r.agent_id
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
        })),
      };
    },
  };
}
