import { z } from 'zod';
import {
  applyAction,
  createGame,
  eventFor,
  forfeit,
  isEngineVersion,
  unknownEngineVersion,
} from '@coup/engine';
import type { GameEvent as EngineEvent, GameState } from '@coup/engine';
import { buildDecisionRequest } from './decision';
import { GameEvent } from './events';
import { LegalAction } from './game';
import { DecisionRequest, MatchEnd, MatchStart } from './messages';
import { buildMatchEnd, buildMatchStart } from './notifications';
import { LlmDecision } from './llm-record';
import { Fault, ReplayPlayer, SeatResult } from './replay';
import type { Replay } from './replay';
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

/** Re-runs the engine over the replay's steps. Throws if the replay does not re-run (verify it first). */
function rerun(replay: Replay): { states: GameState[]; eventEnds: number[]; events: EngineEvent[] } {
  let state = createGame({
    players: replay.players.length,
    seed: replay.seed,
    setup: replay.setup,
    engineVersion: replay.engineVersion,
  });
  const states = [state];
  const events: EngineEvent[] = [];
  const eventEnds = [0];
  for (const step of replay.steps) {
    if (step.kind === 'decision') {
      if (step.unused || step.applied === null) continue;
      const r = applyAction(state, step.seat, step.applied);
      if (!r.ok) throw new Error(`replay does not re-run at ${step.decisionId}: ${r.error.message}`);
      state = r.state;
      events.push(...r.events);
    } else {
      const r = forfeit(state, step.seat);
      state = r.state;
      events.push(...r.events);
    }
    states.push(state);
    eventEnds.push(events.length);
  }
  return { states, eventEnds, events };
}

export function replayForSeat(replay: Replay, seat: number, opts: SeatReplayOptions = {}): SeatReplay {
  const n = replay.players.length;
  // Any known engine version re-runs as it played; an unknown one cannot be re-run at all.
  if (!isEngineVersion(replay.engineVersion)) throw new Error(unknownEngineVersion(replay.engineVersion));
  if (!Number.isInteger(seat) || seat < 0 || seat >= n) throw new Error(`seat must be from 0 to ${n - 1}`);
  const names = replay.players.map((p) => p.name);
  // A seat may have played at its own deadline (a hosted language-model agent): its requests carried it.
  const timeoutMs = replay.players[seat]?.timeoutMs ?? replay.timeoutMs;
  const { states, eventEnds, events } = rerun(replay);
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
    const d: SeatReplay['decisions'][number] = {
      request,
      answer: step.answer,
      latencyMs: step.latencyMs,
      applied: step.applied,
      fault: step.fault,
    };
    if (step.comment !== undefined) d.comment = step.comment;
    if (step.unused) d.unused = true;
    if (step.llm) d.llm = step.llm;
    decisions.push(d);
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
