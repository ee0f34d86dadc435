import { RULESET_VERSION } from '@coup/engine';
import type { RulesetId } from '@coup/engine';
import type { MatchEnd, MatchStart } from './messages';
import { PROTOCOL_VERSION } from './version';
import type { ProtocolVersionNumber } from './version';

/** sha256 hex of the seed: published at the start, checked against the seed revealed at the end. */
export { seedCommitment } from '@coup/random';

/**
 * 1-based place of `seat` in a ranking, competition style: tied seats share a place and the next place
 * skips (ranking [[0, 2], [1]] puts seat 1 third). 0 when the seat is not ranked.
 */
export function placeOf(ranking: readonly (readonly number[])[], seat: number): number {
  let before = 0;
  for (const tier of ranking) {
    if (tier.includes(seat)) return before + 1;
    before += tier.length;
  }
  return 0;
}

export function buildMatchStart(opts: {
  matchId: string;
  seat: number;
  names: readonly string[];
  seedCommitment: string;
  timeoutMs: number;
  /** Defaults to the engine's; a replay passes the one it recorded. */
  rulesetVersion?: string;
  /**
   * The match's ruleset: the runner always names it; a seat replay of a match recorded before rulesets
   * were named passes none, and the message is rebuilt as it was sent (without the field).
   */
  ruleset?: RulesetId;
  /** The seat's protocol version (protocolFor its wire preferences); default 1. */
  protocol?: ProtocolVersionNumber;
}): MatchStart {
  return {
    protocol: opts.protocol ?? PROTOCOL_VERSION,
    type: 'match_start',
    matchId: opts.matchId,
    seat: opts.seat,
    players: opts.names.map((name, seat) => ({ seat, name })),
    seedCommitment: opts.seedCommitment,
    rulesetVersion: opts.rulesetVersion ?? RULESET_VERSION,
    ...(opts.ruleset !== undefined ? { ruleset: opts.ruleset } : {}),
    timeoutMs: opts.timeoutMs,
  };
}

export function buildMatchEnd(opts: {
  matchId: string;
  seat: number;
  ranking: number[][];
  seed: string;
  replayUrl?: string | null;
  /** The seat's protocol version (protocolFor its wire preferences); default 1. */
  protocol?: ProtocolVersionNumber;
}): MatchEnd {
  return {
    protocol: opts.protocol ?? PROTOCOL_VERSION,
    type: 'match_end',
    matchId: opts.matchId,
    seat: opts.seat,
    ranking: opts.ranking,
    place: placeOf(opts.ranking, opts.seat),
    seed: opts.seed,
    replayUrl: opts.replayUrl ?? null,
  };
}
