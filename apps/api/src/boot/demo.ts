import type { Agent, PrismaClient } from '@coup/db';
import { ID_PREFIX, newId, seedCommitment } from '@coup/db';
import type { Queue } from 'bullmq';
import { randomBytes } from 'node:crypto';
import type { MatchJob } from '@coup/platform';

/** A few casual matches between house bots, so a new user sees results at once. Only on an empty database. */
export async function queueDemoMatches(
  prisma: PrismaClient,
  queue: Queue<MatchJob>,
  house: Agent[],
  count: number,
  timeoutMs: number,
): Promise<number> {
  if (count === 0 || house.length < 2 || (await prisma.match.count()) > 0) return 0;
  for (let i = 0; i < count; i++) {
    // Rotate seats so each demo looks different.
    const seats = house.map((_, k) => house[(k + i) % house.length] as Agent);
    const seed = randomBytes(24).toString('base64url');
    const id = newId(ID_PREFIX.match);
    await prisma.match.create({
      data: {
        id,
        ranked: false,
        seed,
        seedCommitment: seedCommitment(seed),
        timeoutMs,
        seats: { create: seats.map((a, seat) => ({ seat, agentId: a.id })) },
      },
    });
    await queue.add('match', { matchId: id }, { jobId: id });
  }
  return count;
}
