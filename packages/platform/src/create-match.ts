import { randomBytes } from 'node:crypto';
import type { Queue } from 'bullmq';
import { ID_PREFIX, newId, seedCommitment } from '@coup/db';
import type { PrismaClient } from '@coup/db';
import type { MatchJob } from './messages';

export interface NewMatch {
  /** One agent per seat, seat order. Validated by the caller. */
  agentIds: string[];
  ranked: boolean;
  timeoutMs: number;
  /** Drawn by the platform when absent (always, for ranked matches). */
  seed?: string;
  eventId?: string;
  eventRound?: number;
}

/**
 * Creates a queued match with its seats (the seed stays private; its sha256 commitment is public) and
 * hands it to the workers. The job id is the match id, so a match is queued at most once.
 */
export async function createMatch(
  prisma: PrismaClient,
  queue: Queue<MatchJob>,
  m: NewMatch,
): Promise<string> {
  const seed = m.seed ?? randomBytes(24).toString('base64url');
  const id = newId(ID_PREFIX.match);
  await prisma.match.create({
    data: {
      id,
      ranked: m.ranked,
      seed,
      seedCommitment: seedCommitment(seed),
      timeoutMs: m.timeoutMs,
      eventId: m.eventId ?? null,
      eventRound: m.eventRound ?? null,
      seats: { create: m.agentIds.map((agentId, seat) => ({ seat, agentId })) },
    },
  });
  await queue.add('match', { matchId: id }, { jobId: id });
  return id;
}
