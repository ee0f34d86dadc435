import type { Prisma } from '@coup/db';

// Duplicate play (match groups, @coup/competition match-groups.ts) deals every match of a group the same
// cards. A finished match's seed and replay would show the deal of its siblings still being played, so a
// grouped match publishes them only once every match of its group has ended.

/** Include of a match's group: how many of its matches are still queued or running. */
export const groupPending = {
  select: { _count: { select: { matches: { where: { status: { in: ['queued', 'running'] } } } } } },
} as const satisfies Prisma.MatchGroupDefaultArgs;

export function groupStillPlaying(group: { _count: { matches: number } } | null): boolean {
  return group !== null && group._count.matches > 0;
}
