import { randomInt } from 'node:crypto';
import type { Queue } from 'bullmq';
import { insertMatches } from '@coup/db';
import { shuffleBy } from '@coup/random';
import type { NewMatch, Prisma, PrismaClient } from '@coup/db';
import { RULESET_IDS } from '@coup/engine';
import { enqueueMatches, FORMED } from '@coup/competition';
import type { LlmBudgetLimits, MatchJob } from '@coup/gateway';
import { dropSpentLlmAgents } from './llm-budget-queue';
import { DEFAULT_MATCHMAKING, formMatches } from './matchmaking';
import type { Candidate, MatchmakingConfig } from './matchmaking';
import { isRanked, playsHostedModel, transportIdsWhere } from '@coup/transports';

const MATCHMAKER_LOCK = 42_702;
type Tx = Prisma.TransactionClient;
const RECENT_MS = 24 * 3600_000;
/**
 * Ranked games of the last day are counted up to this many an agent: the matchmaker seats agents with fewer
 * first, and past a few dozen a day the difference between two agents no longer says who is waiting for a
 * game, while counting every one made each pass read the whole day's ranked seats of the queued agents.
 */
export const RECENT_GAMES_CAP = 50;
/** How many of an agent's latest finished matches are read for when its last match ended. */
const LAST_ENDED_OF = 8;

/** An agent leaves the ranked queue when this many of its last RECENT_CHECK matches had faults or a forfeit. */
export const FAULTY_MATCHES_LIMIT = 5;
export const RECENT_CHECK = 10;

export interface MatchmakerOptions {
  matchQueue: Queue<MatchJob>;
  timeoutMs: number;
  config?: Partial<MatchmakingConfig>;
  now?: number;
  /**
   * The models hosted llm agents can be played with now (LLM_MODELS, or none without LLM_BASE_URL): an llm
   * agent whose model is not among them waits in the queue instead of being seated in a match that could
   * only abort. Unset: every queued agent is a candidate.
   */
  llmModels?: readonly string[];
  /**
   * The daily model budgets: an llm agent whose owner's budget (or its model's) is spent today leaves the
   * queue, with the reason for its owner, before anyone is seated. Unset: not checked.
   */
  llmBudget?: LlmBudgetLimits;
}

/**
 * One pass of the ranked matchmaker: drops agents that fault too often from the queue (with the reason for
 * their owner), gathers the idle queued agents, groups them (formMatches) and queues ranked matches. One
 * pass at a time across all workers (a transaction-scoped advisory try-lock).
 *
 * There is one ranked queue per ruleset: a queued agent waits in the queue of every ruleset it accepts
 * (agents.rulesets), matched by its rating in that ruleset, and is only ever seated in a match of one of
 * them. The rulesets take turns going first from pass to pass, so an agent accepting several is not always
 * taken by the first one's matches.
 */
export async function matchmakerPass(prisma: PrismaClient, o: MatchmakerOptions): Promise<string[]> {
  const cfg = { ...DEFAULT_MATCHMAKING, ...o.config };
  const now = o.now ?? Date.now();
  // An idle ladder costs one read per pass, not the transaction, its lock and its scans: nobody queued, or
  // only house agents while every match needs another agent (requireNonHouse: then no group can form, and
  // neither the faulty-agent nor the budget check concerns a house agent). The house agents sit in the
  // queue from the start and in nearly every match, so a full pass over them reads their whole history
  // (their busy seats, recent and last matches): every pass of a ladder with no one else queued did.
  const [anyone] = await prisma.$queryRaw<{ queued: boolean }[]>`
    SELECT EXISTS (
      SELECT 1 FROM agents WHERE in_queue AND deleted_at IS NULL AND (NOT is_house OR ${!cfg.requireNonHouse})
    ) AS queued`;
  if (!anyone?.queued) return [];
  // The whole pass is one transaction holding a transaction-scoped lock: it is released with the
  // transaction on the same connection, whatever the pool does, and the matches appear all at once.
  const created = await prisma.$transaction(
    async (tx) => {
      const lock = await tx.$queryRaw<
        { ok: boolean }[]
      >`SELECT pg_try_advisory_xact_lock(${MATCHMAKER_LOCK}) AS ok`;
      if (!lock[0]?.ok) return [];
      await dropFaultyAgents(tx);
      if (o.llmBudget) await dropSpentLlmAgents(tx, o.llmBudget, new Date(now));
      const all = await candidatesOf(tx, now, o.llmModels);
      const placed = new Set<string>();
      const formed: NewMatch[] = [];
      const first = passes++ % RULESET_IDS.length;
      for (let k = 0; k < RULESET_IDS.length; k++) {
        const ruleset = RULESET_IDS[(first + k) % RULESET_IDS.length] as string;
        // House agents may sit in several matches at once; others are placed in one ruleset's match.
        const candidates = all
          .filter((c) => c.rulesets.includes(ruleset) && (c.house || !placed.has(c.agentId)))
          .map((c) => ({ ...c, ...(c.ratings.get(ruleset) ?? { rating: 1500, rd: 350 }) }));
        for (const group of formMatches(candidates, cfg)) {
          for (const id of group) placed.add(id);
          formed.push({
            agentIds: shuffleBy([...group], (n) => randomInt(n)),
            ranked: true,
            timeoutMs: o.timeoutMs,
            ruleset,
          });
        }
      }
      // The pass's matches in one statement (a round trip and a parse a match cost more than the rows).
      return insertMatches(tx, formed);
    },
    { timeout: 60_000, maxWait: 10_000 },
  );
  // Jobs only after commit: a job must never point at a match row not visible yet.
  // Ranked: the platform's matches, ahead of casual ones (match-placement.ts). One round trip to Redis.
  await enqueueMatches(o.matchQueue, created, FORMED);
  return created;
}

/** Which ruleset goes first in this process's next pass. */
let passes = 0;

/** A queued agent: its rulesets and its rating in each (unrated: the initial rating). */
type Queued = Omit<Candidate, 'rating' | 'rd'> & {
  rulesets: string[];
  ratings: Map<string, { rating: number; rd: number }>;
};

/** The idle agents of the ranked queue, with what the matchmaker orders them by. */
export async function candidatesOf(tx: Tx, now: number, llmModels?: readonly string[]): Promise<Queued[]> {
  const playable: Prisma.AgentWhereInput = llmModels
    ? {
        OR: [
          { transport: { notIn: transportIdsWhere(playsHostedModel) } },
          { modelName: { in: [...llmModels] } },
        ],
      }
    : {};
  const queued = await tx.agent.findMany({
    // A person's seat and an experiment's agents are never rated (the API refuses them; this keeps out any
    // that got in whatever a row says).
    where: {
      inQueue: true,
      status: 'active',
      deletedAt: null,
      experimentId: null,
      AND: [{ transport: { in: transportIdsWhere(isRanked) } }, playable],
    },
    select: {
      id: true,
      ownerId: true,
      isHouse: true,
      queueJoinedAt: true,
      rulesets: true,
      ratings: { select: { ruleset: true, rating: true, rd: true } },
    },
  });
  if (queued.length < 2) return [];
  const ids = queued.map((a) => a.id);
  // Non-house agents play one match at a time (house agents are candidates however many matches they sit
  // in: their seats, in nearly every queued or running match, are not read).
  // From the matches not ended (matches_active, a few rows), not from every seat these agents ever held:
  // each active match's seats by match_seats' primary key (LATERAL ... OFFSET 0 keeps that order; as a join it
  // was planned, on tables without statistics yet, as a walk of every seat of the agents: 18 ms a pass at
  // 27,000 matches).
  const busyRows = await tx.$queryRaw<{ agent_id: string }[]>`
    SELECT DISTINCT s.agent_id FROM matches_active a
    CROSS JOIN LATERAL (SELECT ms.agent_id FROM match_seats ms WHERE ms.match_id = a.match_id OFFSET 0) s
    WHERE s.agent_id = ANY(${queued.filter((a) => !a.isHouse).map((a) => a.id)}::text[])`;
  const busy = new Set(busyRows.map((r) => r.agent_id));
  // Ranked seats of the last day, counted up to RECENT_GAMES_CAP an agent, newest first from the seats' own
  // index (agent_id, created_at) and their copies of the match's created_at and ranked (match_seats_fill),
  // without a match probe per seat. Uncapped, the count read every ranked seat of the queued agents' day at
  // every pass: it grew with the ladder's traffic (the house agents sit in nearly every match), 12 -> 46 ms
  // of Postgres a pass from an empty day to 100,000 matches (apps/start/bench/matchmaker-pass.bench.ts).
  const recent = await tx.$queryRaw<{ agent_id: string; n: number }[]>`
    SELECT q.id AS agent_id, count(*)::int AS n FROM unnest(${ids}::text[]) AS q(id)
    CROSS JOIN LATERAL (
      SELECT 1 FROM match_seats ms
      WHERE ms.agent_id = q.id AND ms.ranked AND ms.created_at >= ${new Date(now - RECENT_MS)}
      ORDER BY ms.created_at DESC
      LIMIT ${RECENT_GAMES_CAP}
    ) r
    GROUP BY q.id`;
  const recentGames = new Map(recent.map((r) => [r.agent_id, r.n]));
  // Waiting starts when the agent joined the queue or when its last match ended, whichever is later. The
  // last to end is looked for among the agent's LAST_ENDED_OF latest finished matches (newest created first,
  // from the seats' index), not its whole history: reading every seat cost 24 ms a pass at 27,000 matches and
  // grew with each match stored (the latest 64 still cost 19 ms a pass with 125 agents queued). An agent other
  // than a house agent plays one match at a time, so its latest match is its last to end; a house agent's
  // matches overlap, but they end about in the order they were queued.
  const lastEnded = await tx.$queryRaw<{ agent_id: string; at: Date }[]>`
    SELECT q.id AS agent_id, max(r.finished_at) AS at FROM unnest(${ids}::text[]) AS q(id)
    CROSS JOIN LATERAL (
      SELECT m.finished_at FROM match_seats ms JOIN matches m ON m.id = ms.match_id
      WHERE ms.agent_id = q.id AND m.finished_at IS NOT NULL
      ORDER BY ms.created_at DESC, ms.match_id DESC
      LIMIT ${LAST_ENDED_OF}
    ) r
    GROUP BY q.id`;
  const endedAt = new Map(lastEnded.map((r) => [r.agent_id, r.at.getTime()]));
  return queued
    .filter((a) => a.isHouse || !busy.has(a.id))
    .map((a) => ({
      agentId: a.id,
      ownerId: a.ownerId,
      rulesets: a.rulesets,
      ratings: new Map(a.ratings.map((r) => [r.ruleset, { rating: r.rating, rd: r.rd }])),
      recentGames: recentGames.get(a.id) ?? 0,
      waitingMs: Math.max(0, now - Math.max(a.queueJoinedAt?.getTime() ?? now, endedAt.get(a.id) ?? 0)),
      house: a.isHouse,
    }));
}

/**
 * Takes agents that fault or forfeit too often out of the ranked queue, saying why. Only finished ranked
 * matches created since the agent (re)joined the queue count: an owner who fixed the agent and rejoined starts
 * clean, and a casual match (whoever queued it, with whatever deadline) can never push an agent out.
 */
async function dropFaultyAgents(prisma: Tx): Promise<void> {
  // Per queued agent, its latest placed (finished) ranked seats newest first from the seats' own index
  // (agent_id, created_at), stopping at RECENT_CHECK, without reading a match row: a window over every
  // finished ranked seat of the queued agents joined to their matches cost 18 ms of Postgres a pass at
  // 13,000 matches and grew with the agents' histories. Latest and "since it joined the queue" go by the
  // match's creation (the seat's copy of created_at), where they went by its finish before.
  const rows = await prisma.$queryRaw<{ agent_id: string; bad: number; forfeits: number; n: number }[]>`
    SELECT a.id AS agent_id,
           count(*) FILTER (WHERE r.faults > 0 OR r.forfeited)::int AS bad,
           count(*) FILTER (WHERE r.forfeited)::int AS forfeits,
           count(*)::int AS n
    FROM agents a
    CROSS JOIN LATERAL (
      SELECT ms.faults, ms.forfeited
      FROM match_seats ms
      WHERE ms.agent_id = a.id AND ms.ranked AND ms.place IS NOT NULL
        AND (a.queue_joined_at IS NULL OR ms.created_at > a.queue_joined_at)
      ORDER BY ms.created_at DESC, ms.match_id DESC
      LIMIT ${RECENT_CHECK}
    ) r
    WHERE a.in_queue AND NOT a.is_house AND a.deleted_at IS NULL
    GROUP BY a.id
    HAVING count(*) FILTER (WHERE r.faults > 0 OR r.forfeited) >= ${FAULTY_MATCHES_LIMIT}`;
  for (const r of rows) {
    await prisma.agent.update({
      where: { id: r.agent_id },
      data: {
        inQueue: false,
        queueJoinedAt: null,
        queueReason:
          `left the ranked queue: faults or forfeits in ${r.bad} of its last ${r.n} matches ` +
          `(${r.forfeits} forfeited); fix the agent (see its replays), then join the queue again`,
      },
    });
  }
}
