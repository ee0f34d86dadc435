import { preparedRows, Prisma } from '@coup/db';
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

/** A ruleset's whole board, best first, and its established part, as read at a ladder version. */
interface Board {
  version: bigint;
  all: LeaderboardRow[];
  established: LeaderboardRow[];
}

/**
 * The leaderboard from Postgres. Ranking every listed agent costs Postgres ~15 ms of CPU at 3,000 agents
 * (issue 23), so each ruleset's whole board is ranked once and kept in this process with the ladder version
 * it was read at (`ladder_version`, one row that triggers bump in every transaction that changes ratings,
 * live ratings or a listed agent's or owner's columns: the ladder_version migration). A request reads that
 * one row (a prepared statement) and serves its page from the kept board when the version has not moved,
 * else ranks again (once, however many requests wait for it). Pages are as fresh as a query's: a change is
 * seen by the first read after its commit, in every API process.
 */
export function prismaLeaderboard(prisma: PrismaClient): LeaderboardRepository {
  const boards = new Map<string, Promise<Board>>();
  const boardOf = async (ruleset: string): Promise<Board> => {
    const [row] = await preparedRows<{ version: string }>(
      prisma,
      'ladder_version',
      Prisma.sql`SELECT version::text AS version FROM ladder_version WHERE id`,
    );
    // No counter row (a database that lost it): nothing can say the board is current, so rank each time.
    if (!row) return rank(prisma, ruleset, -1n);
    const version = BigInt(row.version);
    const kept = boards.get(ruleset);
    // A board read at this version or later (a newer one another request just ranked) is current.
    const current = kept && (await kept.catch(() => null));
    if (kept && current && current.version >= version) return kept;
    const fresh = rank(prisma, ruleset, version);
    boards.set(ruleset, fresh);
    fresh.catch(() => boards.get(ruleset) === fresh && boards.delete(ruleset));
    return fresh;
  };
  return {
    async page({ limit, offset, establishedOnly, ruleset = 'original' }) {
      const board = await boardOf(ruleset);
      const rows = establishedOnly ? board.established : board.all;
      return { total: rows.length, rows: rows.slice(offset, offset + limit) };
    },
  };
}

/**
 * Listed: agents with a stored rating (closed periods), agents with a live one (ranked matches of the open
 * period, live_ratings, which the worker keeps), and the house agents at their initial rating from the
 * start, so a new platform's board is never empty. A live row, when there is one, is the newer figure.
 * Read after the version, so the rows are at least as new as the version they are kept with.
 */
async function rank(prisma: PrismaClient, ruleset: string, version: bigint): Promise<Board> {
  const rows = await preparedRows<{
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
  }>(
    prisma,
    'leaderboard_board',
    Prisma.sql`
      WITH listed AS (
        SELECT agent_id FROM ratings WHERE games > 0 AND ruleset = ${ruleset}
        UNION SELECT agent_id FROM live_ratings WHERE ruleset = ${ruleset}
        UNION SELECT id FROM agents WHERE is_house AND ${ruleset} = ANY(rulesets)
      )
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
      ORDER BY (COALESCE(l.rating, r.rating, ${INITIAL_RATING}::float8)
        - 2 * COALESCE(l.rd, r.rd, ${INITIAL_RD}::float8)) DESC, a.id`,
  );
  const all: LeaderboardRow[] = rows.map((r) => ({
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
  }));
  return { version, all, established: all.filter((r) => r.rd <= PROVISIONAL_RD) };
}
