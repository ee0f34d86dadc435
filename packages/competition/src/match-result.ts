import type { MatchResult } from '@coup/db';
import { compactReplayCodec } from '@coup/protocol';
import type { Replay } from '@coup/protocol';
import type { SeatStats } from './seat-stats';

/**
 * What storeMatchResult stores for a replay the runner produced: places, faults, stats and versions, and the
 * replay compact (re-derived by the engine on reads) whenever it expands back to the exact same text.
 */
export function matchResultOf(
  replay: Replay,
  o: { seed: string; stats?: readonly (SeatStats | undefined)[] | null; attempt?: number },
): MatchResult {
  return {
    ...(o.attempt !== undefined ? { attempt: o.attempt } : {}),
    replay,
    codec: compactReplayCodec,
    ranking: replay.ranking,
    seats: replay.results.map((r) => ({
      seat: r.seat,
      faults: r.faults,
      forfeited: r.forfeited,
      ...(o.stats?.[r.seat] ? { stats: o.stats[r.seat] } : {}),
    })),
    seed: o.seed,
    versions: {
      engine: replay.engineVersion,
      ruleset: replay.rulesetVersion,
      protocol: String(replay.protocolVersion),
    },
  };
}
