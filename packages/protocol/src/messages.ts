import { z } from 'zod';
import { HistoryEntry, LegalAction, Phase, WireState, Action } from './game';

export const ProtocolVersion = z.literal(1);

export const FAULT_REASONS = [
  'timeout',
  'transport_error',
  'http_status',
  'invalid_json',
  'invalid_answer',
  'illegal_action',
  'too_large',
  'disconnected',
] as const;
export const FaultReason = z.enum(FAULT_REASONS);
export type FaultReason = z.infer<typeof FaultReason>;

export const DecisionRequest = z.object({
  protocol: ProtocolVersion,
  type: z.literal('decision'),
  matchId: z.string(),
  decisionId: z.string(),
  seat: z.number().int().min(0).max(5),
  phase: Phase,
  /** Epoch milliseconds. */
  deadline: z.number().int(),
  timeoutMs: z.number().int().positive(),
  state: WireState,
  history: z.array(HistoryEntry),
  legalActions: z.array(LegalAction).min(1),
  strategyPrompt: z.string().optional(),
  /** Plain-text rendering of the same situation, for agents that forward it to a language model. */
  prompt: z.string(),
});
export type DecisionRequest = z.infer<typeof DecisionRequest>;

export const MAX_COMMENT = 280;

/** An agent's answer (HTTP body of /decide). Unknown keys are ignored. */
export const Answer = z.looseObject({
  action: Action,
  comment: z.string().max(MAX_COMMENT).optional(),
});
export type Answer = z.infer<typeof Answer>;

export const MatchStart = z.object({
  protocol: ProtocolVersion,
  type: z.literal('match_start'),
  matchId: z.string(),
  seat: z.number().int().min(0).max(5),
  players: z.array(z.object({ seat: z.number().int().min(0).max(5), name: z.string() })),
  seedCommitment: z.string().regex(/^[0-9a-f]{64}$/),
  rulesetVersion: z.string(),
  timeoutMs: z.number().int().positive(),
});
export type MatchStart = z.infer<typeof MatchStart>;

export const MatchEnd = z.object({
  protocol: ProtocolVersion,
  type: z.literal('match_end'),
  matchId: z.string(),
  seat: z.number().int().min(0).max(5),
  ranking: z.array(z.array(z.number().int().min(0).max(5))),
  /** 1-based place of this seat. */
  place: z.number().int().min(1),
  seed: z.string(),
  replayUrl: z.string().nullable(),
});
export type MatchEnd = z.infer<typeof MatchEnd>;

/** The error shape of every 4xx and 5xx of the platform's API. */
export const ApiError = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ApiError = z.infer<typeof ApiError>;
