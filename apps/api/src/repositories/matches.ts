import { preparedRows, Prisma } from '@coup/db';
import type { PrismaClient } from '@coup/db';
import type { MatchListQuery } from '@coup/api-contract';
import type { z } from 'zod';
import { decodeCursor } from './cursor';

// The read queries of the match routes (queueing a match is services/matches.ts) and the shapes a match
// is read in.

/**
 * Include of a match's group: how many of its matches are still queued or running (a grouped match's seed
 * and replay wait for its whole group: services/group-deal.ts).
 */
export const groupPending = {
  select: { _count: { select: { matches: { where: { status: { in: ['queued', 'running'] } } } } } },
} as const satisfies Prisma.MatchGroupDefaultArgs;

export const matchInclude = {
  // The seats' columns a match shows (not their behaviour `stats`: JSON the match views never read).
  seats: {
    orderBy: { seat: 'asc' },
    select: {
      seat: true,
      agentId: true,
      place: true,
      faults: true,
      forfeited: true,
      agent: { select: { id: true, name: true } },
    },
  },
  group: groupPending,
} as const satisfies Prisma.MatchInclude;

export type MatchWithSeats = Prisma.MatchGetPayload<{ include: typeof matchInclude }>;

/** A match as its views show it (services/matches.ts presentMatch); a MatchWithSeats is one too. */
export type MatchView = Pick<
  MatchWithSeats,
  | 'id'
  | 'status'
  | 'ranked'
  | 'ruleset'
  | 'seedCommitment'
  | 'seed'
  | 'engineVersion'
  | 'rulesetVersion'
  | 'protocolVersion'
  | 'timeoutMs'
  | 'eventId'
  | 'eventRound'
  | 'attempts'
  | 'abortReason'
  | 'createdAt'
  | 'startedAt'
  | 'finishedAt'
  | 'seats'
  | 'group'
>;

// The hot reads (a match, a page of matches, an agent's page) are hand-written SQL run as named prepared
// statements (preparedRows): one statement per read, where Prisma's include sent one per relation, unnamed,
// so Postgres parsed and planned each every time (issue 23). A match's seats come as one JSON array, each
// seat's agent name by its primary key (a join here was planned as a hash of every agent, ~1 ms a read).
const MATCH_VIEW = Prisma.sql`
  SELECT m.id, m.status, m.ranked, m.ruleset, m.seed_commitment AS "seedCommitment", m.seed,
    m.engine_version AS "engineVersion", m.ruleset_version AS "rulesetVersion",
    m.protocol_version AS "protocolVersion", m.timeout_ms AS "timeoutMs", m.event_id AS "eventId",
    m.event_round AS "eventRound", m.attempts, m.abort_reason AS "abortReason", m.created_at AS "createdAt",
    m.started_at AS "startedAt", m.finished_at AS "finishedAt",
    (SELECT json_agg(json_build_object('seat', s.seat, 'agentId', s.agent_id, 'place', s.place,
        'faults', s.faults, 'forfeited', s.forfeited,
        'agent', json_build_object('id', s.agent_id, 'name', (SELECT a.name FROM agents a WHERE a.id = s.agent_id)))
        ORDER BY s.seat)
      FROM match_seats s WHERE s.match_id = m.id) AS seats,
    CASE WHEN m.group_id IS NOT NULL THEN (SELECT count(*)::int FROM matches g
      WHERE g.group_id = m.group_id AND g.status IN ('queued', 'running')) END AS "groupPending"`;

type MatchViewRow = Omit<MatchView, 'seats' | 'group'> & {
  seats: MatchView['seats'] | null;
  groupPending: number | null;
};

/**
 * The row as a MatchView, made in place (a page has 21 of them: no copy of every field); its groupPending
 * stays (presentMatch picks the fields it shows).
 */
const matchView = (row: MatchViewRow): MatchView => {
  const m = row as unknown as MatchView;
  m.seats = row.seats ?? [];
  m.group = row.groupPending === null ? null : { _count: { matches: row.groupPending } };
  return m;
};

/**
 * A statement's name for the filters it has and its page size (each name always goes with one SQL text).
 * The page size is written into the text (`pageLimit`), not bound: with LIMIT a parameter, Postgres's generic
 * plan expects a tenth of the table, costs it in millions and never uses it, so every execution was planned
 * again (and a forced generic plan was JIT-compiled: 250 ms).
 */
const nameOf = (base: string, q: z.output<typeof MatchListQuery>, cursor: boolean) =>
  `${base}_${[q.status && `s${q.status}`, q.ranked && 'r', q.event && 'e', q.ruleset && 'u', cursor && 'c']
    .filter(Boolean)
    .join('')}_${q.limit}`;

/** `LIMIT limit + 1` as SQL text: limit is the query's validated integer (MatchListQuery). */
const pageLimit = (q: z.output<typeof MatchListQuery>) => Prisma.raw(`LIMIT ${Math.trunc(q.limit) + 1}`);

/** Matches newest first (`limit + 1` rows: see services/cursor.ts), filtered as asked. */
export async function listMatches(
  prisma: PrismaClient,
  q: z.output<typeof MatchListQuery>,
): Promise<MatchView[]> {
  if (q.agent) return agentMatches(prisma, q.agent, q);
  const c = decodeCursor(q.cursor);
  // No index on matches.status (claims and stores rewrite a match in its page, migration
  // matches_written_once): the queued and running matches are read from matches_active (a few rows), the
  // aborted ones newest first from matches_aborted's index, the finished ones (nearly all) from created_at's.
  const from =
    q.status === 'aborted'
      ? Prisma.sql`matches_aborted o JOIN matches m ON m.id = o.match_id`
      : q.status === 'queued' || q.status === 'running'
        ? Prisma.sql`matches_active o JOIN matches m ON m.id = o.match_id`
        : Prisma.sql`matches m`;
  // The order's columns: matches_aborted's copies for its index, the match's own otherwise.
  const [at, id] =
    q.status === 'aborted'
      ? [Prisma.raw('o.created_at'), Prisma.raw('o.match_id')]
      : [Prisma.raw('m.created_at'), Prisma.raw('m.id')];
  const where = [
    ...(q.status ? [Prisma.sql`m.status = ${q.status}::match_status`] : []),
    ...(q.ranked ? [Prisma.sql`m.ranked = ${q.ranked === 'true'}`] : []),
    ...(q.event ? [Prisma.sql`m.event_id = ${q.event}`] : []),
    ...(q.ruleset ? [Prisma.sql`m.ruleset = ${q.ruleset}`] : []),
    // The `<=` bound says the same as the row comparison, but lets the index scan start at the cursor (the
    // comparison alone is only a filter: a deep page walked every newer row first, issue 23).
    ...(c
      ? [Prisma.sql`${at} <= ${new Date(c.t)}`, Prisma.sql`(${at}, ${id}) < (${new Date(c.t)}, ${c.id})`]
      : []),
  ];
  const rows = await preparedRows<MatchViewRow>(
    prisma,
    nameOf('matches_page', q, c !== null),
    Prisma.sql`${MATCH_VIEW} FROM ${from}
      ${where.length > 0 ? Prisma.sql`WHERE ${Prisma.join(where, ' AND ')}` : Prisma.empty}
      ORDER BY ${at} DESC, ${id} DESC ${pageLimit(q)}`,
  );
  return rows.map(matchView);
}

/**
 * One page (`limit + 1`) of the ids of an agent's matches, newest first, read from the seats' index on
 * (agent_id, created_at desc, match_id desc): the scan starts at the cursor and stops after a page, so an
 * agent with no matches costs one index probe however many matches are stored. GROUP BY keeps a match once
 * when the agent holds several of its seats.
 *
 * Prompt experiments' matches are left out of every other agent's list (an opponent's profile): they seat
 * the experiment's hidden agents, which are never listed, and they are the experiment's, shown on its page.
 * A hidden agent's own list keeps them. The check costs a primary-key probe per grouped match only.
 */
async function agentMatches(
  prisma: PrismaClient,
  agentId: string,
  q: z.output<typeof MatchListQuery>,
): Promise<MatchView[]> {
  const c = decodeCursor(q.cursor);
  const where = [
    Prisma.sql`ms.agent_id = ${agentId}`,
    ...(c ? [Prisma.sql`(ms.created_at, ms.match_id) < (${new Date(c.t)}, ${c.id})`] : []),
    ...(q.status ? [Prisma.sql`m.status = ${q.status}::match_status`] : []),
    ...(q.ranked ? [Prisma.sql`ms.ranked = ${q.ranked === 'true'}`] : []),
    ...(q.event ? [Prisma.sql`m.event_id = ${q.event}`] : []),
    ...(q.ruleset ? [Prisma.sql`m.ruleset = ${q.ruleset}`] : []),
    Prisma.sql`(m.group_id IS NULL
      OR NOT EXISTS (SELECT 1 FROM match_groups g WHERE g.id = m.group_id AND g.experiment_id IS NOT NULL)
      OR EXISTS (SELECT 1 FROM agents a WHERE a.id = ${agentId} AND a.experiment_id IS NOT NULL))`,
  ];
  const rows = await preparedRows<MatchViewRow>(
    prisma,
    nameOf('agent_matches_page', q, c !== null),
    Prisma.sql`WITH page AS (
      SELECT ms.match_id AS id, ms.created_at FROM match_seats ms JOIN matches m ON m.id = ms.match_id
      WHERE ${Prisma.join(where, ' AND ')}
      GROUP BY ms.created_at, ms.match_id
      ORDER BY ms.created_at DESC, ms.match_id DESC
      ${pageLimit(q)}
    )
    ${MATCH_VIEW} FROM page p JOIN matches m ON m.id = p.id
    ORDER BY p.created_at DESC, p.id DESC`,
  );
  return rows.map(matchView);
}

export async function findMatch(prisma: PrismaClient, id: string): Promise<MatchView | null> {
  const [row] = await preparedRows<MatchViewRow>(
    prisma,
    'match_by_id',
    Prisma.sql`${MATCH_VIEW} FROM matches m WHERE m.id = ${id}`,
  );
  return row ? matchView(row) : null;
}

/** One that exists (just written). */
export function getMatch(prisma: PrismaClient, id: string) {
  return prisma.match.findUniqueOrThrow({ where: { id }, include: matchInclude });
}

/** Its status only (a spectator's socket), or null. */
export function matchStatus(prisma: PrismaClient, id: string) {
  return prisma.match.findUnique({ where: { id }, select: { status: true } });
}

/** What the replay route needs: the status, the seats' numbers and the stored replay. */
export async function findMatchReplay(prisma: PrismaClient, id: string) {
  const [row] = await preparedRows<{
    status: MatchWithSeats['status'];
    seats: number[] | null;
    has_replay: boolean;
    data: Prisma.JsonValue | null;
    packed: Uint8Array | null;
    pending: number | null;
  }>(
    prisma,
    'match_replay',
    Prisma.sql`
      SELECT m.status, (SELECT array_agg(s.seat) FROM match_seats s WHERE s.match_id = m.id) AS seats,
        r.match_id IS NOT NULL AS has_replay, r.data, r.packed,
        CASE WHEN m.group_id IS NOT NULL THEN (SELECT count(*)::int FROM matches g
          WHERE g.group_id = m.group_id AND g.status IN ('queued', 'running')) END AS pending
      FROM matches m LEFT JOIN replays r ON r.match_id = m.id WHERE m.id = ${id}`,
  );
  if (!row) return null;
  return {
    status: row.status,
    seats: (row.seats ?? []).map((seat) => ({ seat })),
    replay: row.has_replay ? { data: row.data, packed: row.packed } : null,
    group: row.pending === null ? null : { _count: { matches: row.pending } },
  };
}
