import { z } from 'zod';
import { eventFor } from '@coup/engine';
import type { GameEvent as EngineEvent, GameState } from '@coup/engine';
import { buildDecisionRequest } from './decision';
import { GameEvent } from './events';
import { LegalAction, RulesetId } from './game';
import { DecisionRequest, MatchEnd, MatchStart } from './messages';
import { buildMatchEnd, buildMatchStart } from './notifications';
import { LlmDecision } from './llm-record';
import { Fault, ReplayPlayer, SeatResult } from './replay';
import type { Replay } from './replay';
import { decisionOutcome, notRerunnable, replayStart, replaySteps } from './replay-steps';
import { historyEntry } from './wire';

// What one seat was sent during a match, rebuilt from the omniscient replay: the match_start, every
// decision request exactly as built by the runner (same builder, same state, same history), the seat's
// answers, its redacted events and the match_end. Other seats' face-down cards, the deck and the PRNG
// state never appear: every request goes through viewFor(seat) and every event through eventFor(seat).

export const SeatDecision = z.object({
  request: DecisionRequest,
  answer: z.unknown().nullable(),
  comment: z.string().optional(),
  latencyMs: z.number().min(0),
  applied: LegalAction.nullable(),
  fault: Fault.nullable(),
  unused: z.literal(true).optional(),
  llm: LlmDecision.optional(),
});

export const SeatReplay = z.object({
  format: z.literal('coup-seat-replay'),
  version: z.literal(1),
  matchId: z.string(),
  seat: z.number().int().min(0).max(5),
  seedCommitment: z.string(),
  engineVersion: z.string(),
  rulesetVersion: z.string(),
  /** The replay's ruleset, when it names one (older replays are `original`). */
  ruleset: RulesetId.optional(),
  protocolVersion: z.number().int(),
  players: z.array(ReplayPlayer),
  /** This seat's decision deadline (the match's, or its own: see ReplayPlayer.timeoutMs). */
  timeoutMs: z.number().int().positive(),
  startedAt: z.number().int(),
  finishedAt: z.number().int(),
  start: MatchStart,
  decisions: z.array(SeatDecision),
  events: z.array(GameEvent),
  end: MatchEnd,
  result: SeatResult,
});
export type SeatReplay = z.infer<typeof SeatReplay>;

export interface SeatReplayOptions {
  /** The seat's strategy prompt, which the omniscient replay does not store (it belongs to the owner). */
  strategyPrompt?: string;
}

/** The states a request can be built from (by stateIndex) and the events before each of them. */
function rerun(
  replay: Replay,
  start: GameState,
): { states: GameState[]; eventEnds: number[]; events: EngineEvent[] } {
  const states = [start];
  const events: EngineEvent[] = [];
  const eventEnds = [0];
  for (const run of replaySteps(replay, start)) {
    if (run.rejected) throw notRerunnable(run);
    if (!run.transition) continue;
    events.push(...run.events);
    states.push(run.after);
    eventEnds.push(events.length);
  }
  return { states, eventEnds, events };
}

export function replayForSeat(replay: Replay, seat: number, opts: SeatReplayOptions = {}): SeatReplay {
  const n = replay.players.length;
  // Any known engine version re-runs as it played; an unknown one cannot be re-run at all.
  const start = replayStart(replay);
  if (!Number.isInteger(seat) || seat < 0 || seat >= n) throw new Error(`seat must be from 0 to ${n - 1}`);
  const { states, eventEnds, events } = rerun(replay, start);
  const names = replay.players.map((p) => p.name);
  // A seat may have played at its own deadline (a hosted language-model agent, a person at the table).
  const timeoutMs = replay.players[seat]?.timeoutMs ?? replay.timeoutMs;
  const seen = events.map((e) => eventFor(e, seat));
  const history = seen.map(historyEntry);

  const decisions: SeatReplay['decisions'] = [];
  for (const step of replay.steps) {
    if (step.kind !== 'decision' || step.seat !== seat) continue;
    const state = states[step.stateIndex];
    const upTo = eventEnds[step.stateIndex];
    if (!state || upTo === undefined) throw new Error(`${step.decisionId}: stateIndex out of range`);
    const request = buildDecisionRequest({
      state,
      seat,
      matchId: replay.matchId,
      decisionId: step.decisionId,
      deadline: step.requestedAt + timeoutMs,
      timeoutMs,
      names,
      history: history.slice(0, upTo),
      strategyPrompt: opts.strategyPrompt,
    });
    decisions.push({ request, ...decisionOutcome(step) });
  }

  const result = replay.results.find((r) => r.seat === seat);
  if (!result) throw new Error(`no result for seat ${seat}`);
  return {
    format: 'coup-seat-replay',
    version: 1,
    matchId: replay.matchId,
    seat,
    seedCommitment: replay.seedCommitment,
    engineVersion: replay.engineVersion,
    rulesetVersion: replay.rulesetVersion,
    ...(replay.ruleset !== undefined ? { ruleset: replay.ruleset } : {}),
    protocolVersion: replay.protocolVersion,
    players: replay.players,
    timeoutMs,
    startedAt: replay.startedAt,
    finishedAt: replay.finishedAt,
    start: buildMatchStart({
      matchId: replay.matchId,
      seat,
      names,
      seedCommitment: replay.seedCommitment,
      timeoutMs,
      rulesetVersion: replay.rulesetVersion,
      ruleset: replay.ruleset,
    }),
    decisions,
    events: seen,
    end: buildMatchEnd({
      matchId: replay.matchId,
      seat,
      ranking: replay.ranking,
      seed: replay.seed,
      replayUrl: replay.replayUrl ?? null,
    }),
    result,
  };
}
