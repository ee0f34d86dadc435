import { ID_PREFIX, newId, insertMatches, newMatchSeed } from '@coup/db';
import type { Prisma, PrismaClient } from '@coup/db';

// Duplicate play: a match group is several matches dealt from one seed, each seating its own lineup rotated
// by its own amount. With the same deal, what differs between the matches is who sits where, so luck
// cancels out when they are compared. Prompt experiments play one group per deal (one lineup per prompt,
// the same opponents, one rotation per deal: experiments/advance.ts); an event could play one lineup at
// every rotation of a deal. A grouped match's seed and replay are published only once its whole group has
// ended (the API's match routes), since a sibling still running is dealt the same cards.

/**
 * The seats of `lineup` rotated by `rotation`: seat (i + rotation) mod n holds lineup[i], so lineup[0] sits
 * at seat `rotation` and everyone keeps their neighbours.
 */
export function rotateLineup<T>(lineup: readonly T[], rotation: number): T[] {
  const n = lineup.length;
  const r = ((rotation % n) + n) % n;
  return lineup.map((_, seat) => lineup[(seat - r + n) % n] as T);
}

export interface NewMatchGroup {
  /** The shared deal; drawn by the platform when absent. */
  seed?: string;
  /** One match per entry: its lineup (agent ids, before rotation) and rotation. */
  matches: { lineup: string[]; rotation: number }[];
  ranked: boolean;
  timeoutMs: number;
  /** A deal of this prompt experiment. */
  experimentId?: string;
  deal?: number;
  /** The ruleset every match of the group is played by (default `original`). */
  ruleset?: string;
}

/**
 * Writes a group and its queued matches (in the caller's transaction, if given); returns the match ids in
 * the order of `matches`. Their jobs are the caller's to add after commit (enqueueMatch).
 */
export async function insertMatchGroup(
  db: PrismaClient | Prisma.TransactionClient,
  g: NewMatchGroup,
): Promise<{ groupId: string; matchIds: string[] }> {
  const seed = g.seed ?? newMatchSeed();
  const groupId = newId(ID_PREFIX.matchGroup);
  await db.matchGroup.create({
    data: { id: groupId, seed, experimentId: g.experimentId ?? null, deal: g.deal ?? null },
  });
  const matchIds = await insertMatches(
    db,
    g.matches.map((m) => ({
      agentIds: rotateLineup(m.lineup, m.rotation),
      ranked: g.ranked,
      timeoutMs: g.timeoutMs,
      seed,
      groupId,
      seatRotation: m.rotation,
      ruleset: g.ruleset,
    })),
  );
  return { groupId, matchIds };
}
