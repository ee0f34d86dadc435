import { Prisma } from '@coup/db';
import { DEFAULT_RATING_CONFIG } from '@coup/rating';

// The house agents as marks on the ladder (issue 22), for an agent's profile: between which two of them its
// rating lies, and its record against each in ranked matches. Ratings are the leaderboard's figures (the
// live one when there is one, else the stored one, else the initial rating for a house agent). The records
// are house_records rows, which a trigger keeps as seats are stored: reading them from the seats took a
// random page read per ranked match of the agent and per opponent seat (80 ms cold at 1,300 seats, issue 23).

const { rating: INITIAL_RATING, rd: INITIAL_RD } = DEFAULT_RATING_CONFIG;

export interface HouseMark {
  agent: { id: string; name: string };
  rating: number;
  rd: number;
  /** Finished ranked matches both played. */
  matches: number;
  /** Of those, the ones the agent finished ahead of the house agent, and behind it (the rest: tied). */
  wins: number;
  losses: number;
}

export interface HouseMarks {
  /** The highest-rated house agent at or below the agent's rating, and the lowest above it (null: none). */
  below: HouseMark | null;
  above: HouseMark | null;
  /** Every other house agent, lowest rating first. */
  records: HouseMark[];
}

export interface HouseMarkRow {
  id: string;
  name: string;
  rating: number;
  rd: number;
  matches: number;
  wins: number;
  losses: number;
  my_rating: number | null;
}

/**
 * The house agents' rows for `agentId`'s marks in the `ruleset` ladder (default `original`, the one the
 * profile's `rating` shows), lowest rating first (marksOf shapes them).
 */
export function houseMarksSql(agentId: string, ruleset = 'original'): Prisma.Sql {
  return Prisma.sql`
    WITH me AS (
      SELECT COALESCE(l.rating, r.rating, CASE WHEN a.is_house THEN ${INITIAL_RATING}::float8 END) AS rating
      FROM agents a
      LEFT JOIN ratings r ON r.agent_id = a.id AND r.ruleset = ${ruleset}
      LEFT JOIN live_ratings l ON l.agent_id = a.id AND l.ruleset = ${ruleset}
      WHERE a.id = ${agentId}
    ), rec AS (
      -- The folded records plus the differences still pending (house_records_pending): as of now.
      SELECT house_id AS agent_id, sum(matches)::int AS matches, sum(wins)::int AS wins,
             sum(losses)::int AS losses
      FROM (
        SELECT house_id, matches, wins, losses FROM house_records WHERE agent_id = ${agentId}
        UNION ALL
        SELECT house_id, matches, wins, losses FROM house_records_pending WHERE agent_id = ${agentId}
      ) r GROUP BY house_id
    )
    SELECT a.id, a.name,
           COALESCE(l.rating, r.rating, ${INITIAL_RATING}::float8) AS rating,
           COALESCE(l.rd, r.rd, ${INITIAL_RD}::float8) AS rd,
           COALESCE(rec.matches, 0) AS matches, COALESCE(rec.wins, 0) AS wins,
           COALESCE(rec.losses, 0) AS losses,
           (SELECT rating FROM me) AS my_rating
    FROM agents a
    LEFT JOIN ratings r ON r.agent_id = a.id AND r.ruleset = ${ruleset}
    LEFT JOIN live_ratings l ON l.agent_id = a.id AND l.ruleset = ${ruleset}
    LEFT JOIN rec ON rec.agent_id = a.id
    WHERE a.is_house AND a.deleted_at IS NULL AND a.id <> ${agentId}
    ORDER BY rating, a.id`;
}

/** houseMarksSql's rows as the profile's marks. */
export function marksOf(rows: readonly HouseMarkRow[]): HouseMarks {
  const records: HouseMark[] = rows.map((r) => ({
    agent: { id: r.id, name: r.name },
    rating: r.rating,
    rd: r.rd,
    matches: r.matches,
    wins: r.wins,
    losses: r.losses,
  }));
  const mine = rows[0]?.my_rating ?? null;
  if (mine === null) return { below: null, above: null, records };
  let below: HouseMark | null = null;
  let above: HouseMark | null = null;
  for (const m of records) {
    if (m.rating <= mine) below = m;
    else if (!above) above = m;
  }
  return { below, above, records };
}
