import {
  DEFAULT_RULESET,
  ENGINE_VERSION,
  MAX_SEATS,
  MIN_SEATS,
  RULESET_VERSION,
  createGame,
  isRulesetId,
  ranking,
  unknownRuleset,
} from '@coup/engine';
import type { GameSetup, RulesetId } from '@coup/engine';
import {
  PROTOCOL_VERSION,
  REPLAY_FORMAT,
  REPLAY_VERSION,
  buildMatchEnd,
  buildMatchStart,
  placeOf,
  protocolFor,
  seedCommitment,
} from '@coup/protocol';
import type { DecisionStep, Replay } from '@coup/protocol';
import type { MatchAgent } from './agent';
import { systemClock } from './clock';
import type { Clock } from './clock';
import { MatchLoop } from './match';
import type { DispatchInfo, SpectatorUpdate } from './match';
import { notifyAll } from './notify';

export interface RunMatchOptions {
  matchId: string;
  /**
   * Which run of this match it is (default 1): a platform re-running a match after a worker died passes 2,
   * 3... so that decision ids are unique per attempt and no agent's answer cache replays an old answer.
   */
  attempt?: number;
  seed: string;
  /**
   * The game to play (the engine's RULESETS; default `original`): dealt and played by its rules, named in
   * every seat's match_start and recorded in the replay.
   */
  ruleset?: RulesetId;
  /** One agent per seat, seat order (2 to 6). */
  agents: MatchAgent[];
  /**
   * Per decision round; also bounds each start/end notification. Default 5000. A seat whose agent has its
   * own `timeoutMs` (MatchAgent) plays at that one instead (its match_start says so).
   */
  timeoutMs?: number;
  /** An explicit deal (tests, scenarios); recorded in the replay. */
  setup?: GameSetup;
  /** By seat: each agent's registered strategy prompt, sent in its requests only. */
  strategyPrompts?: (string | undefined)[];
  /** Announced in match_end. */
  replayUrl?: string | null;
  /**
   * A request no longer needed (its window settled) is recorded as unused at once, and its signal is
   * aborted this long after unless it finished by itself: keeps keep-alive connections of fast agents.
   * Default 25; 0 aborts at once.
   */
  abortGraceMs?: number;
  /** Aborting rejects runMatch and aborts every request in flight. */
  signal?: AbortSignal;
  /** Live view for spectators, after every engine transition (and once at the start). */
  onEvent?(e: SpectatorUpdate): void;
  /** Every decision step as it is recorded. */
  onDecision?(record: DecisionStep): void;
  /** Every request as it is dispatched, with the platform's overhead that preceded it (benchmarks). */
  onDispatch?(d: DispatchInfo): void;
  clock?: Clock;
}

export const DEFAULT_TIMEOUT_MS = 5000;
export const DEFAULT_ABORT_GRACE_MS = 25;

/** Plays one match to the end and returns its replay. Agent failures are faults, never exceptions. */
export async function runMatch(opts: RunMatchOptions): Promise<Replay> {
  const { matchId, seed, agents } = opts;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const clock = opts.clock ?? systemClock;
  if (agents.length < MIN_SEATS || agents.length > MAX_SEATS) {
    throw new Error(`a match needs ${MIN_SEATS} to ${MAX_SEATS} agents (got ${agents.length})`);
  }
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) throw new Error('timeoutMs must be a positive integer');
  const seatTimeoutsMs = agents.map((a) => a.timeoutMs ?? timeoutMs);
  if (seatTimeoutsMs.some((t) => !Number.isInteger(t) || t <= 0)) {
    throw new Error("an agent's timeoutMs must be a positive integer");
  }
  const attempt = opts.attempt ?? 1;
  if (!Number.isInteger(attempt) || attempt < 1) throw new Error('attempt must be a positive integer');
  const ruleset = opts.ruleset ?? DEFAULT_RULESET;
  if (!isRulesetId(ruleset)) throw new Error(unknownRuleset(ruleset));
  const state = createGame({ players: agents.length, seed, ruleset, setup: opts.setup });
  const names = agents.map((a) => a.name);
  const commitment = seedCommitment(seed);
  const startedAt = Math.round(clock.now());

  await notifyAll(
    agents.map(
      (a, seat) => (signal) =>
        a.start?.(
          buildMatchStart({
            matchId,
            seat,
            names,
            seedCommitment: commitment,
            ruleset,
            timeoutMs: seatTimeoutsMs[seat] as number,
            protocol: protocolFor(a.wire),
          }),
          signal,
        ),
    ),
    timeoutMs,
  );

  const loop = new MatchLoop(state, {
    matchId,
    attempt,
    agents,
    seatTimeoutsMs,
    strategyPrompts: opts.strategyPrompts ?? [],
    clock,
    abortGraceMs: opts.abortGraceMs ?? DEFAULT_ABORT_GRACE_MS,
    onEvent: opts.onEvent,
    onDecision: opts.onDecision,
    onDispatch: opts.onDispatch,
  });
  await loop.run(opts.signal);
  const finishedAt = Math.round(clock.now());
  const final = ranking(loop.state);
  const replayUrl = opts.replayUrl ?? null;

  await notifyAll(
    agents.map(
      (a, seat) => (signal) =>
        a.end?.(
          buildMatchEnd({ matchId, seat, ranking: final, seed, replayUrl, protocol: protocolFor(a.wire) }),
          signal,
        ),
    ),
    timeoutMs,
  );

  const replay: Replay = {
    format: REPLAY_FORMAT,
    version: REPLAY_VERSION,
    matchId,
    seed,
    seedCommitment: commitment,
    engineVersion: ENGINE_VERSION,
    rulesetVersion: RULESET_VERSION,
    ruleset,
    protocolVersion: PROTOCOL_VERSION,
    players: agents.map((a, seat) => {
      const player: Replay['players'][number] = { seat, name: a.name };
      if (a.agentId !== undefined) player.agentId = a.agentId;
      if (seatTimeoutsMs[seat] !== timeoutMs) player.timeoutMs = seatTimeoutsMs[seat];
      return player;
    }),
    timeoutMs,
    replayUrl,
    startedAt,
    finishedAt,
    steps: loop.steps,
    events: loop.events,
    ranking: final,
    results: agents.map((_, seat) => ({
      seat,
      place: placeOf(final, seat),
      faults: loop.faults[seat] ?? 0,
      forfeited: loop.forfeited[seat] ?? false,
    })),
  };
  if (opts.setup) replay.setup = opts.setup;
  return replay;
}
