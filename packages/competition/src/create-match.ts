import { randomBytes } from 'node:crypto';
import type { Queue } from 'bullmq';
import { ID_PREFIX, newId } from '@coup/db';
import { seedCommitment } from '@coup/protocol';
import type { Prisma, PrismaClient } from '@coup/db';
import { matchJobOptions } from './match-retry';
import { asQueues, casual, eachQueue, FORMED, jobFor, placementOf } from './match-placement';
import type { MatchPlacement, MatchQueues } from './match-placement';
import type { MatchJob } from '@coup/gateway';

/** Bytes of a seed drawn by the platform: 192 bits from the OS CSPRNG, more than the engine's 128-bit state. */
export const MATCH_SEED_BYTES = 24;

/**
 * A fresh match seed (base64url). Agents see only its sha256 commitment until the match ends; with at
 * least 128 random bits nobody can enumerate the seeds, and the engine uses all of them (RULES.md).
 */
export function newMatchSeed(): string {
  return randomBytes(MATCH_SEED_BYTES).toString('base64url');
}

/** A ranked match asked to seat a person (transport `human`): people only play casual tables. */
export class HumanSeatNotRankedError extends Error {
  constructor(readonly agentId: string) {
    super(`agent ${agentId} is a person's seat: people play casual tables only, never ranked matches`);
    this.name = 'HumanSeatNotRankedError';
  }
}

export interface NewMatch {
  /** One agent per seat, seat order. Validated by the caller. */
  agentIds: string[];
  ranked: boolean;
  timeoutMs: number;
  /** Drawn by the platform when absent (always, for ranked matches). */
  seed?: string;
  eventId?: string;
  eventRound?: number;
  /** The account that asked for it through the API (counted against its cap of active matches). */
  createdById?: string;
  /** Its match group (duplicate play, match-groups.ts) and how far the group's lineup was rotated for it. */
  groupId?: string;
  seatRotation?: number;
}

/**
 * Writes a queued match with its seats (the seed stays private; its sha256 commitment is public). Takes
 * a transaction client too, so callers can create matches atomically with other writes; the job is added
 * after commit (enqueueMatch).
 */
export async function insertMatch(db: PrismaClient | Prisma.TransactionClient, m: NewMatch): Promise<string> {
  const seed = m.seed ?? newMatchSeed();
  const id = newId(ID_PREFIX.match);
  // The seats carry their match's created_at and ranked (the match_seats_fill trigger would copy them too).
  const createdAt = new Date();
  // One statement, one round trip: the match, then its seats from the inserted row. The one door every
  // ranked match goes through (matchmaker, events, the operator): a ranked match with a person's seat is
  // not inserted at all (people are never rated), whoever forgot to check before.
  const rows = await db.$queryRaw<{ match_id: string }[]>`
    WITH m AS (
      INSERT INTO matches (id, ranked, seed, seed_commitment, timeout_ms, event_id, event_round,
        created_by_id, group_id, seat_rotation, created_at)
      SELECT ${id}, ${m.ranked}, ${seed}, ${seedCommitment(seed)}, ${m.timeoutMs}::int, ${m.eventId ?? null},
        ${m.eventRound ?? null}::int, ${m.createdById ?? null}, ${m.groupId ?? null},
        ${m.seatRotation ?? null}::int, ${createdAt}
      WHERE NOT ${m.ranked} OR NOT EXISTS (
        SELECT 1 FROM agents WHERE id = ANY(${m.agentIds}::text[]) AND transport = 'human')
      RETURNING id, ranked, created_at
    )
    INSERT INTO match_seats (match_id, seat, agent_id, created_at, ranked)
    SELECT m.id, (t.n - 1)::int, t.agent_id, m.created_at, m.ranked
    FROM m, unnest(${m.agentIds}::text[]) WITH ORDINALITY AS t(agent_id, n)
    RETURNING match_id`;
  if (rows.length === 0) {
    const human = await db.agent.findFirst({
      where: { id: { in: m.agentIds }, transport: 'human' },
      select: { id: true },
    });
    if (human) throw new HumanSeatNotRankedError(human.id);
    if (m.agentIds.length > 0) throw new Error(`insertMatch: match ${id} was not written`);
  }
  return id;
}

/**
 * Hands a match to the workers: to the queue of its lane, with its priority and the account it is charged
 * to (match-placement.ts). The job id is the match id, so a match is queued at most once; the retry policy
 * (match-retry.ts) is set here so that every queue, however it was created, adds the same job. A bare Queue
 * takes the job whatever its lane (tests, benchmarks); without a placement the match is the operator's
 * casual match.
 */
export async function enqueueMatch(
  queues: MatchQueues | Queue<MatchJob>,
  matchId: string,
  placement: MatchPlacement = casual(null),
): Promise<void> {
  const { data, priority } = jobFor(matchId, placement);
  await asQueues(queues)[placement.lane].add('match', data, {
    ...matchJobOptions,
    ...(priority !== undefined ? { priority } : {}),
    jobId: matchId,
  });
}

/** The placement of a match about to be written by `insertMatch` (not a table: openTable places those). */
export const placementOfNew = (m: NewMatch): MatchPlacement =>
  m.ranked || m.eventId !== undefined ? FORMED : casual(m.createdById ?? null);

/** How long createMatch waits for Redis to take a new match's job before answering anyway. */
export const ENQUEUE_WAIT_MS = 2000;

/**
 * Writes a queued match and hands it to the workers. The match is durable once written: if Redis is away
 * (its commands wait for it to come back), this returns after ENQUEUE_WAIT_MS all the same; the job is
 * added when Redis is back, or by the sweeper if this process is gone by then (see sweepMatches).
 */
export async function createMatch(
  prisma: PrismaClient,
  queues: MatchQueues | Queue<MatchJob>,
  m: NewMatch,
  waitMs = ENQUEUE_WAIT_MS,
): Promise<string> {
  const id = await insertMatch(prisma, m);
  await enqueueWithin(queues, id, placementOfNew(m), waitMs);
  return id;
}

/**
 * Adds a written match's job, waiting at most `waitMs` for Redis: if Redis is away, its commands wait for
 * it to come back and the job is added then (or by the sweeper if this process is gone by then).
 */
export async function enqueueWithin(
  queues: MatchQueues | Queue<MatchJob>,
  matchId: string,
  placement: MatchPlacement,
  waitMs = ENQUEUE_WAIT_MS,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const enqueued = enqueueMatch(queues, matchId, placement).then(
    () => true,
    () => false, // the sweeper adds it later
  );
  await Promise.race([enqueued, new Promise((r) => (timer = setTimeout(r, waitMs)))]);
  clearTimeout(timer);
}

/** Whether either queue holds the match's job (in whatever state). */
export async function hasJob(queues: MatchQueues | Queue<MatchJob>, matchId: string): Promise<boolean> {
  for (const q of eachQueue(queues)) if (await q.getJob(matchId)) return true;
  return false;
}

/**
 * Queued matches whose job is missing (a process died between writing the match and adding its job) get
 * their job again, in their lane. Matches waiting in a queue keep theirs: a job id is never added twice.
 */
export async function requeueOrphans(
  prisma: PrismaClient,
  queues: MatchQueues | Queue<MatchJob>,
  olderThanMs: number,
  now: number = Date.now(),
): Promise<string[]> {
  const stale = await prisma.match.findMany({
    where: { status: 'queued', createdAt: { lt: new Date(now - olderThanMs) } },
    select: { id: true },
    orderBy: { createdAt: 'asc' },
    take: 500,
  });
  const requeued: string[] = [];
  for (const { id } of stale) {
    if (await hasJob(queues, id)) continue;
    const placement = await placementOf(prisma, id);
    if (!placement) continue;
    await enqueueMatch(queues, id, placement);
    requeued.push(id);
  }
  return requeued;
}
