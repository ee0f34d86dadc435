import type { Redis } from 'ioredis';
import { abortMatch, claimMatch, storeMatchResult } from '@coup/db';
import type { PrismaClient } from '@coup/db';
import { seatStats } from '@coup/platform';
import type { Keys, SeatStats, Transports } from '@coup/platform';
import { runMatch } from '@coup/runner';
import type { MatchAgent, SpectatorUpdate } from '@coup/runner';
import { retryTransient } from './retry-transient';

export interface MatchJobDeps {
  prisma: PrismaClient;
  redis: Redis;
  keys: Keys;
  transports: Transports;
  publicUrl: string;
  log?: (msg: string, extra?: Record<string, unknown>) => void;
}

/** How long a finished match's live log stays readable for late spectators. */
const LIVE_LOG_TTL_S = 3600;
/**
 * How long a played match's result waits for an unreachable Postgres before the job fails (and is retried,
 * playing the match again). The job keeps its lock meanwhile (that is Redis), so no other worker takes it.
 */
export const STORE_RETRY_WINDOW_MS = 5 * 60_000;

export type MatchJobOutcome = 'finished' | 'already_done' | 'aborted';

/**
 * Runs one queued match from the start and stores its result exactly once. Safe to run again for the same
 * match (a retry after a worker died): storeMatchResult keeps only the first result.
 */
export async function runMatchJob(
  matchId: string,
  deps: MatchJobDeps,
  /** Aborted when this worker lost the job (its match is re-run elsewhere): the run stops, nothing is stored. */
  signal?: AbortSignal,
): Promise<MatchJobOutcome> {
  const match = await claimMatch(deps.prisma, matchId);
  if (!match) return 'already_done';
  let agents: MatchAgent[];
  try {
    agents = match.seats.map((s) => deps.transports.forAgent(s.agent, { seed: match.seed }));
  } catch (err) {
    await abortMatch(deps.prisma, matchId, `cannot reach an agent: ${(err as Error).message}`);
    return 'aborted';
  }
  const live = liveChannel(matchId, deps);
  await live.reset();
  try {
    const replay = await runMatch({
      matchId,
      // Decision ids carry the attempt: a re-run never asks a question under an id an agent has answered.
      attempt: match.attempts,
      seed: match.seed,
      agents,
      timeoutMs: match.timeoutMs,
      strategyPrompts: match.seats.map((s) => s.agent.strategyPrompt ?? undefined),
      replayUrl: `${deps.publicUrl}/v1/matches/${matchId}/replay`,
      onEvent: (u) => live.publish(u),
      ...(signal ? { signal } : {}),
    });
    let stats: SeatStats[] | null = null;
    try {
      stats = seatStats(replay);
    } catch (err) {
      // Statistics are a convenience; a replay that does not re-run is a bug to log, not a lost match.
      deps.log?.('seat statistics failed', { matchId, err: String(err) });
    }
    signal?.throwIfAborted();
    const result = {
      attempt: match.attempts,
      replay,
      ranking: replay.ranking,
      seats: replay.results.map((r) => ({
        seat: r.seat,
        faults: r.faults,
        forfeited: r.forfeited,
        ...(stats?.[r.seat] ? { stats: stats[r.seat] } : {}),
      })),
      seed: match.seed,
      versions: {
        engine: replay.engineVersion,
        ruleset: replay.rulesetVersion,
        protocol: String(replay.protocolVersion),
      },
    };
    const stored = await retryTransient(() => storeMatchResult(deps.prisma, matchId, result), {
      windowMs: STORE_RETRY_WINDOW_MS,
      ...(signal ? { signal } : {}),
      onRetry: (err, n) =>
        n === 1 && deps.log?.('match result waits for the database', { matchId, err: String(err) }),
    });
    if (!stored.stored) return 'already_done';
    live.end(replay.ranking);
    return 'finished';
  } finally {
    await Promise.allSettled(agents.map((a) => a.close?.()));
  }
}

/**
 * Public events of the match for spectators: published on the match's channel as they happen, and kept in
 * a capped list so someone who opens the live view mid-match first gets what already happened.
 */
function liveChannel(matchId: string, deps: MatchJobDeps) {
  const channel = deps.keys.matchEvents(matchId);
  const logKey = deps.keys.matchLog(matchId);
  const send = (msg: object) => {
    const json = JSON.stringify(msg);
    deps.redis
      .multi()
      .rpush(logKey, json)
      .expire(logKey, LIVE_LOG_TTL_S)
      .publish(channel, json)
      .exec()
      .catch((err: unknown) => deps.log?.('live publish failed', { matchId, err: String(err) }));
  };
  return {
    // A retried match starts its live log again.
    reset: () => deps.redis.del(logKey),
    publish: (u: SpectatorUpdate) => send({ type: 'update', matchId, events: u.events, state: u.state }),
    end: (ranking: number[][]) => send({ type: 'end', matchId, ranking }),
  };
}
