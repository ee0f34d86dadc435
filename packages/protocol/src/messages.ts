import { z } from 'zod';
import { HistoryEntry, LegalAction, Phase, RulesetId, WireState, Action } from './game';

/** 1: full history and prompt in every request; 2: delta history, prompt only when wanted (version.ts). */
export const ProtocolVersion = z.union([z.literal(1), z.literal(2)]);

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

/**
 * Compiled ahead of time (zod's `z.compile`): an agent parses one of these per decision, and the compiled
 * parser takes ~1 us where the schema's own takes 11-20 (a four-seat request of 1.3 KB). It returns the same
 * data; an input it rejects is parsed again by the schema, so the issues are the schema's own.
 * `strict`: a schema change the compiler cannot model fails at import rather than silently going slow.
 */
export const DecisionRequest = z.compile(
  z
    .object({
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
      /** Protocol 1: every public event so far. Protocol 2: the events from index `historyFrom` on. */
      history: z.array(HistoryEntry),
      /**
       * Protocol 2 only: the index, in the match's whole public history of this seat, of `history`'s first
       * entry (0 when it is the whole history). An agent that knows fewer events than this has a gap.
       */
      historyFrom: z.number().int().min(0).optional(),
      legalActions: z.array(LegalAction).min(1),
      strategyPrompt: z.string().optional(),
      /**
       * Plain-text rendering of the same situation (over the whole history), for agents that forward it to a
       * language model. Always present in protocol 1; in protocol 2 only for agents with wantsPrompt.
       */
      prompt: z.string().optional(),
    })
    .superRefine((r, ctx) => {
      // Protocol 1 is exactly what agents got before protocol 2: a prompt, and no historyFrom.
      if (r.protocol === 1 && r.prompt === undefined)
        ctx.addIssue({ code: 'custom', path: ['prompt'], message: 'protocol 1 requests carry a prompt' });
      if (r.protocol === 1 && r.historyFrom !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['historyFrom'],
          message: 'protocol 1 requests have no historyFrom',
        });
      if (r.protocol === 2 && r.historyFrom === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['historyFrom'],
          message: 'protocol 2 requests carry historyFrom',
        });
    }),
  { strict: true },
);
export type DecisionRequest = z.infer<typeof DecisionRequest>;

export const MAX_COMMENT = 280;

/** An agent's answer (HTTP body of /decide). Unknown keys are ignored. */
export const Answer = z.looseObject({
  action: Action,
  comment: z.string().max(MAX_COMMENT).optional(),
  /**
   * `"full"`: send the whole history (historyFrom 0) in this seat's next request, e.g. after the agent
   * restarted mid-match. Any other value is ignored (never a fault).
   */
  history: z.unknown().optional(),
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
  /**
   * The game the match plays (RULES.md; `original` or `inquisitors`). Absent from the match_start of
   * matches played before rulesets were named (seat replays rebuild it as sent): those are `original`.
   */
  ruleset: RulesetId.optional(),
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
