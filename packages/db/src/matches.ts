import { seedCommitment } from '@coup/random';
import type { MatchStatus } from './generated/enums.ts';
import { Prisma } from './generated/client.ts';
import type { Agent, PrismaClient } from './generated/client.ts';
import { packReplayAsync } from './replay-pack.ts';
import type { ReplayCodec } from './replay-pack.ts';
import { preparedRows } from './prepared.ts';

// The match lifecycle writes: written queued with its seats (insertMatch, match-insert.ts) -> running
// (claimMatch, once per attempt) -> finished (storeMatchResult, exactly once) | aborted (abortMatch). Each is
// a single conditional statement or one transaction on the match row, so workers racing on one match (a
// stalled job retried while the first worker still runs) can never store two results. Adding the match's
// job to a queue is @coup/competition's (create-match.ts).

/** A claimed match: what a worker needs to run it, with its seats in seat order and their agents. */
export interface ClaimedMatch {
  id: string;
  seed: string;
  attempts: number;
  timeoutMs: number;
  ranked: boolean;
  groupId: string | null;
  /** The ruleset (engine RULESETS id) the match is played by. */
  ruleset: string;
  /**
   * The account that pays for the match's model calls: the one that asked for it (a casual match or table),
   * or the owner of the prompt experiment it is a deal of; null for matches the platform formed (ranked,
   * events, demo, the operator's), whose llm seats' owners pay.
   */
  payerId: string | null;
  seats: { seat: number; agentId: string; agent: Agent }[];
}

/** Every column of an agent row, under the name Prisma gives it (a column added to Agent must be added here). */
const AGENT_COLUMNS = {
  id: 'id',
  ownerId: 'owner_id',
  name: 'name',
  transport: 'transport',
  endpointUrl: 'endpoint_url',
  secretHash: 'secret_hash',
  secretEnc: 'secret_enc',
  status: 'status',
  statusReason: 'status_reason',
  modelName: 'model_name',
  strategyPrompt: 'strategy_prompt',
  isHouse: 'is_house',
  allowChallenges: 'allow_challenges',
  historyMode: 'history_mode',
  wantsPrompt: 'wants_prompt',
  inQueue: 'in_queue',
  queueJoinedAt: 'queue_joined_at',
  queueReason: 'queue_reason',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  deletedAt: 'deleted_at',
  experimentId: 'experiment_id',
  rulesets: 'rulesets',
} as const satisfies Record<keyof Agent, string>;

/** `a."owner_id" AS "a.ownerId", ...`: the agent's columns, prefixed to keep them apart from the match's. */
const agentSelect = Prisma.raw(
  Object.entries(AGENT_COLUMNS)
    .map(([field, column]) => `a."${column}" AS "a.${field}"`)
    .join(', '),
);

type ClaimRow = Record<string, unknown> & {
  id: string;
  seed: string;
  attempts: number;
  timeout_ms: number;
  ranked: boolean;
  group_id: string | null;
  ruleset: string;
  payer_id: string | null;
  seat: number | null;
};

/**
 * Marks the match running for a new attempt (queued or running -> running, attempts + 1, startedAt = now) and
 * returns it with its seats and their agents; null when it is finished, aborted or unknown. A running match
 * can be claimed again on purpose: that is how a match whose worker died is re-run from the start.
 * One SQL statement (the update, then the seats and agents of the updated row): one round trip per claim.
 */
export async function claimMatch(prisma: PrismaClient, matchId: string): Promise<ClaimedMatch | null> {
  const rows = await preparedRows<ClaimRow>(
    prisma,
    'coup_claim_match',
    Prisma.sql`
    WITH m AS (
      UPDATE matches SET status = 'running', attempts = attempts + 1, started_at = ${new Date()}
      WHERE id = ${matchId} AND status IN ('queued', 'running')
      RETURNING id, seed, attempts, timeout_ms, ranked, group_id, created_by_id, ruleset
    )
    SELECT m.id, m.seed, m.attempts, m.timeout_ms, m.ranked, m.group_id, m.ruleset, s.seat, ${agentSelect},
      COALESCE(m.created_by_id, (
        SELECT e.owner_id FROM match_groups g JOIN experiments e ON e.id = g.experiment_id
        WHERE g.id = m.group_id)) AS payer_id
    FROM m LEFT JOIN match_seats s ON s.match_id = m.id LEFT JOIN agents a ON a.id = s.agent_id
    ORDER BY s.seat`,
  );
  const first = rows[0];
  if (!first) return null;
  const seats: ClaimedMatch['seats'] = [];
  for (const row of rows) {
    if (row.seat === null) continue;
    const agent = {} as Record<string, unknown>;
    for (const field of Object.keys(AGENT_COLUMNS)) agent[field] = row[`a.${field}`];
    seats.push({ seat: row.seat, agentId: agent.id as string, agent: agent as Agent });
  }
  return {
    id: first.id,
    seed: first.seed,
    attempts: first.attempts,
    timeoutMs: first.timeout_ms,
    ranked: first.ranked,
    groupId: first.group_id,
    ruleset: first.ruleset,
    payerId: first.payer_id,
    seats,
  };
}

/**
 * Ends a queued or running match without a result. Returns false when it had already ended. With `attempt`
 * (claimMatch's `attempts`), only while that attempt is the latest: a worker whose run was superseded
 * never aborts the run that replaced it.
 */
export async function abortMatch(
  prisma: PrismaClient,
  matchId: string,
  reason: string,
  attempt?: number,
): Promise<boolean> {
  const { count } = await prisma.match.updateMany({
    where: {
      id: matchId,
      status: { in: ['queued', 'running'] },
      ...(attempt !== undefined ? { attempts: attempt } : {}),
    },
    data: { status: 'aborted', abortReason: reason, finishedAt: new Date() },
  });
  return count === 1;
}

/**
 * The ids of queued matches created before `before`, oldest first, at most `limit`: from matches_active (the
 * matches not ended; matches.status has no index, migration matches_written_once), each one's row by its
 * key. The sweeper's and the orphan requeue's look for matches whose job may be lost.
 */
export async function queuedBefore(prisma: PrismaClient, before: Date, limit: number): Promise<string[]> {
  const rows = await prisma.$queryRaw<{ id: string }[]>`
    SELECT m.id FROM matches_active a JOIN matches m ON m.id = a.match_id
    WHERE m.status = 'queued' AND m.created_at < ${before}
    ORDER BY m.created_at LIMIT ${limit}`;
  return rows.map((r) => r.id);
}

export type MatchResult = {
  /** The runner's replay; must be JSON-serialisable. Stored packed (replay-pack.ts): its JSON text, compressed. */
  replay: unknown;
  /** Stores the replay compact when it expands back exactly (replay-pack.ts); in full without one. */
  codec?: ReplayCodec;
  /**
   * The replay already packed: packReplay(replay, codec)'s bytes, e.g. from the worker's packing thread
   * (@coup/competition replay-packer.ts). Stored as given; unset, the replay is packed here.
   */
  packed?: Buffer;
  /** Places, best first; a place lists its tied seats. Places are competition style: [[0, 1], [2]] gives 1, 1, 3. */
  ranking: number[][];
  /** Per-seat fault counts and forfeits; every seat of the match exactly once. */
  seats: { seat: number; faults: number; forfeited: boolean; stats?: unknown }[];
  /** The seed the match was played with; must match the commitment published at the start. */
  seed: string;
  versions: { engine?: string; ruleset?: string; protocol?: string };
  /**
   * The attempt that produced this result (claimMatch's `attempts`). When given, a result from an attempt
   * that another worker has since superseded (it claimed the match again) is not stored: only the latest
   * run's replay counts, never one whose worker slept through deadlines.
   */
  attempt?: number;
};

export type StoreResult = { stored: true } | { stored: false; status: MatchStatus; superseded?: true };

/**
 * Writes a match's result, places, faults and replay and marks it finished, atomically and in one round trip
 * (one call of the SQL function store_match_result, which checks, then writes). The match
 * row is locked first (SELECT ... FOR UPDATE), so of two concurrent calls the second waits, then sees
 * `finished` and returns `{ stored: false }` without writing anything. An aborted match is not stored either.
 * Throws (writing nothing) on an unknown match, a seed that does not match the commitment, or seats that do
 * not match the match's seats.
 */
export async function storeMatchResult(
  prisma: PrismaClient,
  matchId: string,
  result: MatchResult,
): Promise<StoreResult> {
  const places = placesBySeat(result.ranking);
  // Serialised and compressed before the call: the match row stays locked only for the writes.
  const packed = result.packed ?? (await packReplayAsync(result.replay, result.codec));
  // When the ranking and the seats reported disagree, no seats are sent (JSON null): the function refuses
  // them after its other checks (unknown, ended, superseded, seed), in the order they always had.
  const reported = result.seats.map((s) => s.seat);
  const consistent = sortedSeats(places.keys()) === sortedSeats(reported);
  const seatValues = JSON.stringify(
    !consistent
      ? null
      : result.seats.map((s) => ({
          seat: s.seat,
          place: places.get(s.seat) ?? null,
          faults: s.faults,
          forfeited: s.forfeited,
          stats: s.stats ?? null,
        })),
  );
  // One round trip: store_match_result (migrations store_match_result_function, stats_pending) locks the
  // match row, checks it and, only if every check passes, writes everything: for a ranked match its seats'
  // statistics go to agent_stats_pending (no agent_stats row is locked; the ladder folds them in batches).
  const rows = await preparedRows<{
    outcome: StoreOutcome;
    status: MatchStatus | null;
    seats: number[] | null;
  }>(
    prisma,
    'coup_store_match_result',
    Prisma.sql`
    SELECT outcome, status, seats FROM store_match_result(
      ${matchId}, ${result.attempt ?? null}::int, ${seedCommitment(result.seed)}, ${seatValues}::jsonb,
      ${result.versions.engine ?? null}, ${result.versions.ruleset ?? null}, ${result.versions.protocol ?? null},
      ${packed}, ${new Date()})`,
  );
  const row = rows[0];
  switch (row?.outcome) {
    case 'stored':
      return { stored: true };
    case 'ended':
      return { stored: false, status: row.status as MatchStatus };
    case 'superseded':
      return { stored: false, status: row.status as MatchStatus, superseded: true };
    case 'bad_seed':
      throw new Error(`storeMatchResult: the seed of ${matchId} does not match its commitment`);
    case 'bad_seats':
      throw new Error(
        `storeMatchResult: match ${matchId} has seats [${sortedSeats(row.seats ?? [])}], ` +
          `ranking has [${sortedSeats(places.keys())}], seats given [${sortedSeats(reported)}]`,
      );
    default:
      throw new Error(`storeMatchResult: no match ${matchId}`);
  }
}

type StoreOutcome = 'stored' | 'ended' | 'superseded' | 'bad_seed' | 'bad_seats' | 'no_match';

/** Competition-style places (1, 1, 3): tied seats share a place and the next place skips, as in match_end. */
function placesBySeat(ranking: number[][]): Map<number, number> {
  const places = new Map<number, number>();
  let before = 0;
  ranking.forEach((tied) => {
    const place = before + 1;
    before += tied.length;
    for (const seat of tied) {
      if (places.has(seat)) throw new Error(`storeMatchResult: seat ${seat} appears twice in the ranking`);
      places.set(seat, place);
    }
  });
  return places;
}

const sortedSeats = (seats: Iterable<number>) => [...seats].sort((a, b) => a - b).join(',');
