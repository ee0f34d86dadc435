import { seedCommitment } from '@coup/random';
import type { MatchStatus } from './generated/enums.ts';
import type { Prisma, PrismaClient } from './generated/client.ts';
import { packReplay } from './replay-pack.ts';

// The match lifecycle writes: queued -> running (claimMatch, once per attempt) -> finished (storeMatchResult,
// exactly once) | aborted (abortMatch). Each is a single conditional statement or one transaction on the
// match row, so workers racing on one match (a stalled job retried while the first worker still runs) can
// never store two results.

const claimInclude = {
  seats: { orderBy: { seat: 'asc' }, include: { agent: true } },
} as const satisfies Prisma.MatchInclude;

export type ClaimedMatch = Prisma.MatchGetPayload<{ include: typeof claimInclude }>;

/**
 * Marks the match running for a new attempt (queued or running -> running, attempts + 1, startedAt = now) and
 * returns it with its seats and their agents; null when it is finished, aborted or unknown. A running match
 * can be claimed again on purpose: that is how a match whose worker died is re-run from the start.
 */
export async function claimMatch(prisma: PrismaClient, matchId: string): Promise<ClaimedMatch | null> {
  const { count } = await prisma.match.updateMany({
    where: { id: matchId, status: { in: ['queued', 'running'] } },
    data: { status: 'running', attempts: { increment: 1 }, startedAt: new Date() },
  });
  if (count === 0) return null;
  return prisma.match.findUnique({ where: { id: matchId }, include: claimInclude });
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

export type MatchResult = {
  /** The runner's replay; must be JSON-serialisable. Stored packed (replay-pack.ts): its JSON text, compressed. */
  replay: unknown;
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
 * Writes a match's result, places, faults and replay and marks it finished, all in one transaction (the writes
 * themselves in one SQL statement, after the checks). The match
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
  // Serialised and compressed before the transaction: the match row stays locked only for the writes.
  const packed = packReplay(result.replay);
  const seatValues = JSON.stringify(
    result.seats.map((s) => ({
      seat: s.seat,
      place: places.get(s.seat) ?? null,
      faults: s.faults,
      forfeited: s.forfeited,
      has_stats: s.stats !== undefined,
      stats: s.stats ?? null,
    })),
  );
  const finishedAt = new Date();
  return prisma.$transaction(
    async (tx) => {
      const rows = await tx.$queryRaw<
        { status: MatchStatus; seed_commitment: string; attempts: number; ranked: boolean; seats: number[] }[]
      >`
        SELECT status::text AS status, seed_commitment, attempts, ranked,
          ARRAY(SELECT seat FROM match_seats WHERE match_id = ${matchId}) AS seats
        FROM matches WHERE id = ${matchId} FOR UPDATE`;
      const match = rows[0];
      if (!match) throw new Error(`storeMatchResult: no match ${matchId}`);
      if (match.status === 'finished' || match.status === 'aborted')
        return { stored: false, status: match.status };
      if (result.attempt !== undefined && match.attempts !== result.attempt)
        return { stored: false, status: match.status, superseded: true };
      if (seedCommitment(result.seed) !== match.seed_commitment) {
        throw new Error(`storeMatchResult: the seed of ${matchId} does not match its commitment`);
      }
      checkSeats(
        matchId,
        match.seats,
        places,
        result.seats.map((s) => s.seat),
      );
      if (match.ranked) await lockAgentStats(tx, matchId);
      // One statement for the match, its seats and its replay (no nested ORM writes walking the replay).
      await tx.$executeRaw`
        WITH v AS (
          SELECT * FROM jsonb_to_recordset(${seatValues}::jsonb)
            AS v(seat int, place int, faults int, forfeited boolean, has_stats boolean, stats jsonb)
        ), m AS (
          UPDATE matches SET status = 'finished', finished_at = ${finishedAt},
            engine_version = ${result.versions.engine ?? null},
            ruleset_version = ${result.versions.ruleset ?? null},
            protocol_version = ${result.versions.protocol ?? null}
          WHERE id = ${matchId}
        ), s AS (
          UPDATE match_seats ms SET place = v.place, faults = v.faults, forfeited = v.forfeited,
            stats = CASE WHEN v.has_stats THEN v.stats ELSE ms.stats END
          FROM v WHERE ms.match_id = ${matchId} AND ms.seat = v.seat
        )
        INSERT INTO replays (match_id, packed) VALUES (${matchId}, ${packed})
        ON CONFLICT (match_id) DO UPDATE SET packed = EXCLUDED.packed, data = NULL`;
      return { stored: true as const };
    },
    // Replays can be large; the default 5 s interactive-transaction timeout is for small writes.
    { timeout: 30_000, maxWait: 10_000 },
  );
}

/**
 * Storing a ranked match's seat stats updates its agents' agent_stats rows (trigger agent_stats_apply). Two
 * matches sharing agents (house agents sit in many) would deadlock if they locked those rows in different
 * seat orders, so they are created if missing and locked here first, in agent id order.
 */
async function lockAgentStats(tx: Prisma.TransactionClient, matchId: string): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO agent_stats (agent_id)
    SELECT DISTINCT agent_id FROM match_seats WHERE match_id = ${matchId} ORDER BY agent_id
    ON CONFLICT (agent_id) DO NOTHING`;
  await tx.$queryRaw`
    SELECT agent_id FROM agent_stats
    WHERE agent_id IN (SELECT agent_id FROM match_seats WHERE match_id = ${matchId})
    ORDER BY agent_id FOR UPDATE`;
}

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

function checkSeats(matchId: string, stored: number[], places: Map<number, number>, given: number[]): void {
  const want = [...stored].sort((a, b) => a - b).join(',');
  const ranked = [...places.keys()].sort((a, b) => a - b).join(',');
  const reported = [...given].sort((a, b) => a - b).join(',');
  if (ranked !== want || reported !== want) {
    throw new Error(
      `storeMatchResult: match ${matchId} has seats [${want}], ranking has [${ranked}], seats given [${reported}]`,
    );
  }
}
