import { randomBytes } from 'node:crypto';
import { seedCommitment } from '@coup/random';
import { Prisma } from './generated/client.ts';
import type { PrismaClient } from './generated/client.ts';
import { ID_PREFIX, newId } from './ids.ts';
import { preparedRows } from './prepared.ts';

// The first write of a match's lifecycle (matches.ts has the rest): the match queued, with its seats.

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

/**
 * A ranked match asked to seat one agent twice: a rating compares seats' places pairwise, and an agent
 * cannot win or lose against itself (the period closer would refuse the match, and with it every period
 * after it).
 */
export class RankedAgentTwiceError extends Error {
  constructor(readonly agentId: string) {
    super(`agent ${agentId} is seated twice: a ranked match seats each agent once`);
    this.name = 'RankedAgentTwiceError';
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
  /** The ruleset it is played by (an engine RULESETS id; default `original`). Validated by the caller. */
  ruleset?: string;
}

/**
 * Writes a queued match with its seats (the seed stays private; its sha256 commitment is public). Takes
 * a transaction client too, so callers can create matches atomically with other writes; the job is added
 * after commit (enqueueMatch, @coup/competition).
 */
export async function insertMatch(db: PrismaClient | Prisma.TransactionClient, m: NewMatch): Promise<string> {
  return (await insertMatches(db, [m]))[0] as string;
}

/**
 * insertMatch for several matches in one statement: all of them or, when a ranked one would seat a person
 * or one agent twice, none. Their ids in the order given. A matchmaking pass writes its matches this way:
 * one round trip and one statement's parse and plan instead of one per match (about 0.5 ms of the caller's
 * CPU and 0.6 ms of Postgres' a match, DESIGN.md "Twelfth session").
 */
export async function insertMatches(
  db: PrismaClient | Prisma.TransactionClient,
  ms: readonly NewMatch[],
): Promise<string[]> {
  if (ms.length === 0) return [];
  for (const m of ms) {
    if (!m.ranked) continue;
    const twice = m.agentIds.find((id, i) => m.agentIds.indexOf(id) !== i);
    if (twice !== undefined) throw new RankedAgentTwiceError(twice);
  }
  const ids = ms.map(() => newId(ID_PREFIX.match));
  const seeds = ms.map((m) => m.seed ?? newMatchSeed());
  const seatMatch: string[] = [];
  const seatAgent: string[] = [];
  const seatNo: number[] = [];
  ms.forEach((m, i) =>
    m.agentIds.forEach((agentId, seat) => {
      seatMatch.push(ids[i] as string);
      seatAgent.push(agentId);
      seatNo.push(seat);
    }),
  );
  const rankedAgents = [...new Set(ms.filter((m) => m.ranked).flatMap((m) => m.agentIds))];
  // The seats carry their match's created_at, ranked and ruleset, from the inserted rows. The match_seats_fill
  // trigger would copy them too, but only from a match row written before the seat: joined to the CTE's rows,
  // a seat is produced only from its match's inserted row. (With a mere EXISTS on the CTE, only its first
  // match was written before the seats, and the other matches' seats kept the default ruleset.)
  const createdAt = new Date();
  // One statement, one round trip: the matches, then their seats. The one door every
  // ranked match goes through (matchmaker, events, the operator): when a ranked match would seat a person,
  // nothing is inserted at all (people are never rated), whoever forgot to check before.
  const rows = await preparedRows<{ match_id: string }>(
    db,
    'coup_insert_matches',
    Prisma.sql`
    WITH m AS (
      INSERT INTO matches (id, ranked, seed, seed_commitment, timeout_ms, event_id, event_round,
        created_by_id, group_id, seat_rotation, ruleset, created_at)
      SELECT *, ${createdAt}::timestamptz FROM unnest(${ids}::text[], ${ms.map((m) => m.ranked)}::bool[],
        ${seeds}::text[], ${seeds.map(seedCommitment)}::text[], ${ms.map((m) => m.timeoutMs)}::int[],
        ${ms.map((m) => m.eventId ?? null)}::text[], ${ms.map((m) => m.eventRound ?? null)}::int[],
        ${ms.map((m) => m.createdById ?? null)}::text[], ${ms.map((m) => m.groupId ?? null)}::text[],
        ${ms.map((m) => m.seatRotation ?? null)}::int[], ${ms.map((m) => m.ruleset ?? 'original')}::text[])
      WHERE NOT EXISTS (SELECT 1 FROM agents WHERE id = ANY(${rankedAgents}::text[]) AND transport = 'human')
      RETURNING id, ranked, ruleset, created_at
    )
    INSERT INTO match_seats (match_id, seat, agent_id, created_at, ranked, ruleset)
    SELECT m.id, s.seat, s.agent_id, m.created_at, m.ranked, m.ruleset
    FROM m JOIN unnest(${seatMatch}::text[], ${seatAgent}::text[], ${seatNo}::int[]) AS s(match_id, agent_id, seat)
      ON s.match_id = m.id
    RETURNING match_id`,
  );
  if (rows.length !== seatMatch.length) {
    const human = await db.agent.findFirst({
      where: { id: { in: rankedAgents }, transport: 'human' },
      select: { id: true },
    });
    if (human) throw new HumanSeatNotRankedError(human.id);
    throw new Error(`insertMatches: ${rows.length} of ${seatMatch.length} seats written (${ids.join(', ')})`);
  }
  return ids;
}
