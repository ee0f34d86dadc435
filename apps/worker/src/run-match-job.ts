import type { Redis } from 'ioredis';
import { abortMatch, claimMatch, storeMatchResult } from '@coup/db';
import type { ClaimedMatch, PrismaClient } from '@coup/db';
import { llmUsage } from '@coup/gateway';
import type { Keys, Transports } from '@coup/gateway';
import { matchResultOf, seatStats } from '@coup/competition';
import type { SeatStats } from '@coup/competition';
import { runMatch } from '@coup/runner';
import type { MatchAgent } from '@coup/runner';
import type { RulesetId } from '@coup/engine';
import { liveFeed } from './live-feed';
import { retryTransient } from './retry-transient';
import { seatedAs } from './seated-as';

export interface MatchJobDeps {
  prisma: PrismaClient;
  redis: Redis;
  keys: Keys;
  transports: Transports;
  publicUrl: string;
  /**
   * Wall-clock cap of one run (MATCH_MAX_MS): past it the match is aborted with the reason, so agents that
   * sleep to every deadline cannot hold a worker slot for long. Unset: no cap.
   */
  maxMatchMs?: number;
  /**
   * Packs a played match's replay for storage (packReplay(replay, compactReplayCodec)'s bytes): the
   * worker's packing threads (replay-packer.ts in @coup/competition, WORKER_PACK_THREADS). Unset: the
   * replay is packed on the event loop, inside storeMatchResult.
   */
  pack?: (replay: unknown) => Promise<Buffer>;
  log?: (msg: string, extra?: Record<string, unknown>) => void;
}

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
  /** Told what was claimed (e.g. whether the match belongs to a match group), before it runs. */
  onClaimed?: (match: ClaimedMatch) => void,
): Promise<MatchJobOutcome> {
  const match = await claimMatch(deps.prisma, matchId);
  if (!match) return 'already_done';
  onClaimed?.(match);
  const live = liveFeed(matchId, deps);
  let agents: MatchAgent[];
  try {
    // Grouped matches (duplicate play) share their deal: house bots then answer by the deal, not the match.
    // llm seats' tokens are charged to the account that asked for the match (its owner's otherwise).
    const opts = { seed: match.seed, duplicate: match.groupId !== null, payerId: match.payerId };
    agents = match.seats.map((s) => deps.transports.forAgent(seatedAs(s.agent), opts));
  } catch (err) {
    if (await abortMatch(deps.prisma, matchId, `cannot reach an agent: ${(err as Error).message}`)) {
      live.aborted();
    }
    return 'aborted';
  }
  await live.reset();
  const cap = wallClockCap(deps.maxMatchMs);
  const runSignal = signal ? AbortSignal.any([signal, cap.signal]) : cap.signal;
  try {
    let replay;
    try {
      replay = await runMatch({
        matchId,
        // Decision ids carry the attempt: a re-run never asks a question under an id an agent has answered.
        attempt: match.attempts,
        seed: match.seed,
        ruleset: match.ruleset as RulesetId,
        agents,
        timeoutMs: match.timeoutMs,
        strategyPrompts: match.seats.map((s) => s.agent.strategyPrompt ?? undefined),
        replayUrl: `${deps.publicUrl}/v1/matches/${matchId}/replay`,
        onEvent: (u) => live.publish(u),
        signal: runSignal,
      });
    } catch (err) {
      // Over its wall-clock cap (and not a lost lock: then the match is another worker's now).
      if (!cap.signal.aborted || signal?.aborted) throw err;
      const reason =
        `the match ran past its wall-clock cap of ${deps.maxMatchMs} ms (MATCH_MAX_MS) and was aborted; ` +
        'it counts for nothing';
      if (await abortMatch(deps.prisma, matchId, reason, match.attempts)) live.aborted(reason);
      deps.log?.('match over its wall-clock cap', { matchId, maxMatchMs: deps.maxMatchMs });
      return 'aborted';
    }
    let stats: SeatStats[] | null = null;
    try {
      stats = seatStats(replay);
      // llm seats: tokens and cost at the operator's current prices (LLM_MODELS).
      const usage = llmUsage(replay, (model) => deps.transports.llm?.modelConfig(model));
      usage.forEach((u, seat) => {
        if (u && stats?.[seat]) stats[seat].llm = u;
      });
    } catch (err) {
      // Statistics are a convenience; a replay that does not re-run is a bug to log, not a lost match.
      deps.log?.('seat statistics failed', { matchId, err: String(err) });
    }
    signal?.throwIfAborted();
    // The match's model tokens are counted before it shows as ended: a request right after sees them.
    await deps.transports.flushUsage().catch(() => undefined);
    const result = matchResultOf(replay, { seed: match.seed, stats, attempt: match.attempts });
    // Packed once, before the store is tried (and retried while Postgres is away).
    if (deps.pack) result.packed = await deps.pack(replay);
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
    live.stop();
    cap.clear();
    await Promise.allSettled(agents.map((a) => a.close?.()));
  }
}

/** A signal aborted `ms` after now (never when ms is unset), and how to cancel its timer. */
function wallClockCap(ms: number | undefined): { signal: AbortSignal; clear: () => void } {
  const controller = new AbortController();
  if (ms === undefined) return { signal: controller.signal, clear: () => undefined };
  const timer = setTimeout(() => controller.abort(new Error(`over MATCH_MAX_MS (${ms} ms)`)), ms);
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}
