import type { MatchResult } from '@coup/db';
import type { Replay } from '@coup/protocol';
import type { SeatStats } from './seat-stats';

/** What storeMatchResult stores for a replay the runner produced: places, faults, stats and versions. */
export function matchResultOf(
  replay: Replay,
  o: { seed: string; stats?: readonly (SeatStats | undefined)[] | null; attempt?: number },
): MatchResult {
  return {
    ...(o.attempt !== undefined ? { attempt: o.attempt } : {}),
    replay,
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
