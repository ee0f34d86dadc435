import type { PrismaClient } from '@coup/db';
import type { MatchListQuery } from '@coup/api-contract';
import type { z } from 'zod';
import { afterCursor, decodeCursor, newestFirst } from '../services/cursor';
import { groupPending } from '../services/group-deal';
import { matchInclude } from '../services/matches';

// The read queries of the match routes (queueing a match is services/matches.ts).

/** Matches newest first (`limit + 1` rows: see services/cursor.ts), filtered as asked. */
export function listMatches(prisma: PrismaClient, q: z.output<typeof MatchListQuery>) {
  return prisma.match.findMany({
    where: {
      ...(q.agent ? { seats: { some: { agentId: q.agent } } } : {}),
      ...(q.status ? { status: q.status } : {}),
      ...(q.ranked ? { ranked: q.ranked === 'true' } : {}),
      ...(q.event ? { eventId: q.event } : {}),
      ...afterCursor(decodeCursor(q.cursor)),
    },
    orderBy: newestFirst,
    take: q.limit + 1,
    include: matchInclude,
  });
}

export function findMatch(prisma: PrismaClient, id: string) {
  return prisma.match.findUnique({ where: { id }, include: matchInclude });
}

/** What the replay route needs: the status, the seats' numbers and the stored replay. */
export function findMatchReplay(prisma: PrismaClient, id: string) {
  return prisma.match.findUnique({
    where: { id },
    select: {
      status: true,
      seats: { select: { seat: true } },
      replay: { select: { data: true } },
      group: groupPending,
    },
  });
}
