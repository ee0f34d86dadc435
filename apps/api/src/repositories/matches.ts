import { Prisma } from '@coup/db';
import type { PrismaClient } from '@coup/db';
import type { MatchListQuery } from '@coup/api-contract';
import type { z } from 'zod';
import { afterCursor, decodeCursor, newestFirst } from './cursor';

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

/** Matches newest first (`limit + 1` rows: see services/cursor.ts), filtered as asked. */
export async function listMatches(prisma: PrismaClient, q: z.output<typeof MatchListQuery>) {
  if (q.agent) {
    const ids = await agentMatchIds(prisma, q.agent, q);
    if (ids.length === 0) return [];
    const rows = await prisma.match.findMany({ where: { id: { in: ids } }, include: matchInclude });
    const byId = new Map(rows.map((m) => [m.id, m]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }
  return prisma.match.findMany({
    where: {
      ...(q.status ? { status: q.status } : {}),
      ...(q.ranked ? { ranked: q.ranked === 'true' } : {}),
      ...(q.event ? { eventId: q.event } : {}),
      ...(q.ruleset ? { ruleset: q.ruleset } : {}),
      ...afterCursor(decodeCursor(q.cursor)),
    },
    orderBy: newestFirst,
    take: q.limit + 1,
    include: matchInclude,
  });
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
async function agentMatchIds(
  prisma: PrismaClient,
  agentId: string,
  q: z.output<typeof MatchListQuery>,
): Promise<string[]> {
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
  const rows = await prisma.$queryRaw<{ id: string }[]>`
    SELECT ms.match_id AS id FROM match_seats ms JOIN matches m ON m.id = ms.match_id
    WHERE ${Prisma.join(where, ' AND ')}
    GROUP BY ms.created_at, ms.match_id
    ORDER BY ms.created_at DESC, ms.match_id DESC
    LIMIT ${q.limit + 1}`;
  return rows.map((r) => r.id);
}

export function findMatch(prisma: PrismaClient, id: string) {
  return prisma.match.findUnique({ where: { id }, include: matchInclude });
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
export function findMatchReplay(prisma: PrismaClient, id: string) {
  return prisma.match.findUnique({
    where: { id },
    select: {
      status: true,
      seats: { select: { seat: true } },
      replay: { select: { data: true, packed: true } },
      group: groupPending,
    },
  });
}
