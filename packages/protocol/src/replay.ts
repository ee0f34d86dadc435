import { z } from 'zod';
import type { GameSetup as EngineSetup } from '@coup/engine';
import type { Agree, Assert } from './agree';
import { FaultReason } from './messages';
import { LegalAction, Phase, Role, RulesetId } from './game';
import { GameEvent } from './events';
import { LlmDecision } from './llm-record';

// The replay: everything needed to re-run a match exactly (seed or explicit setup, then every step in
// the order the engine received it) and to show what happened (omniscient events, latencies, faults).
// Versioned on its own: a stored replay stays readable when the wire protocol gains fields.

export const REPLAY_FORMAT = 'coup-replay' as const;
export const REPLAY_VERSION = 1 as const;

const Seat = z.number().int().min(0).max(5);

export const GameSetup = z.object({
  hands: z.array(z.array(Role)),
  coins: z.array(z.number().int().min(0)).optional(),
  deck: z.array(Role),
  firstSeat: Seat.optional(),
});
type _Setup = Assert<Agree<z.infer<typeof GameSetup>, EngineSetup>>;

export const Fault = z.object({ reason: FaultReason, message: z.string() });
export type Fault = z.infer<typeof Fault>;

/** One request to one seat and what became of it. */
export const DecisionStep = z.object({
  kind: z.literal('decision'),
  decisionId: z.string(),
  seat: Seat,
  phase: Phase,
  turn: z.number().int().min(0),
  /**
   * How many engine transitions (applied decisions and forfeits) preceded the request: the request was
   * built from the state after that many transitions. This is what lets a seat's requests be rebuilt.
   */
  stateIndex: z.number().int().min(0),
  /** Epoch ms when the request was dispatched; its deadline was requestedAt + the seat's timeoutMs. */
  requestedAt: z.number().int(),
  latencyMs: z.number().min(0),
  /** The raw action the agent sent (the `action` of its answer), or null when it sent none usable. */
  answer: z.unknown().nullable(),
  comment: z.string().optional(),
  /** The action given to the engine: the agent's, or the default one after a fault; null when unused. */
  applied: LegalAction.nullable(),
  fault: Fault.nullable(),
  /** The decision was no longer needed (its window settled first): nothing was applied and it is no fault. */
  unused: z.literal(true).optional(),
  /** A hosted language-model agent's calls for this decision (transport `llm`): see llm-record.ts. */
  llm: LlmDecision.optional(),
});
export type DecisionStep = z.infer<typeof DecisionStep>;

export const FORFEIT_REASONS = ['too_many_faults', 'left', 'operator'] as const;
export const ForfeitStep = z.object({
  kind: z.literal('forfeit'),
  seat: Seat,
  reason: z.enum(FORFEIT_REASONS),
});
export type ForfeitStep = z.infer<typeof ForfeitStep>;

export const ReplayStep = z.discriminatedUnion('kind', [DecisionStep, ForfeitStep]);
export type ReplayStep = z.infer<typeof ReplayStep>;

export const ReplayPlayer = z.object({
  seat: Seat,
  name: z.string(),
  agentId: z.string().optional(),
  /**
   * This seat's decision deadline when it differs from the match's `timeoutMs` (a hosted language-model
   * agent plays at LLM_TIMEOUT_MS, a person at HUMAN_TIMEOUT_MS): its requests' deadlines were requestedAt + this.
   */
  timeoutMs: z.number().int().positive().optional(),
});

export const SeatResult = z.object({
  seat: Seat,
  /** 1-based, competition style (placeOf). */
  place: z.number().int().min(1),
  faults: z.number().int().min(0),
  forfeited: z.boolean(),
});
export type SeatResult = z.infer<typeof SeatResult>;

export const Replay = z.object({
  format: z.literal(REPLAY_FORMAT),
  version: z.literal(REPLAY_VERSION),
  matchId: z.string(),
  seed: z.string(),
  seedCommitment: z.string().regex(/^[0-9a-f]{64}$/),
  engineVersion: z.string(),
  rulesetVersion: z.string(),
  /**
   * The game played (the engine's RULESETS), which the re-run deals and plays again. Replays recorded
   * before rulesets were named have none: they are `original` games and re-run as such.
   */
  ruleset: RulesetId.optional(),
  protocolVersion: z.number().int(),
  players: z.array(ReplayPlayer).min(2).max(6),
  setup: GameSetup.optional(),
  timeoutMs: z.number().int().positive(),
  replayUrl: z.string().nullable().optional(),
  startedAt: z.number().int(),
  finishedAt: z.number().int(),
  steps: z.array(ReplayStep),
  /** Every engine event, unredacted, in order. */
  events: z.array(GameEvent),
  ranking: z.array(z.array(Seat)),
  results: z.array(SeatResult),
});
export type Replay = z.infer<typeof Replay>;
