import type { Agent, PrismaClient } from '@coup/db';
import type { Queue } from 'bullmq';
import { createMatch } from '@coup/competition';
import type { MatchJob } from '@coup/gateway';

/** A few ranked matches between house bots, so a new user sees results at once. Only on an empty database. */
export async function queueDemoMatches(
  prisma: PrismaClient,
  queue: Queue<MatchJob>,
  house: Agent[],
  count: number,
  timeoutMs: number,
): Promise<number> {
  if (count === 0 || house.length < 2 || (await prisma.match.count()) > 0) return 0;
  for (let i = 0; i < count; i++) {
    // Four seats of the fastest house agents (listed first: house-agents.ts), rotated so each demo looks
    // different; the search levels think for up to a second a decision, too slow for a first look.
    const seated = house.slice(0, 4);
    const agentIds = seated.map((_, k) => (seated[(k + i) % seated.length] as Agent).id);
    // Ranked: the house bots anchor the ladder; their live ratings move on the leaderboard as these end.
    await createMatch(prisma, queue, { agentIds, ranked: true, timeoutMs });
  }
  return count;
}
