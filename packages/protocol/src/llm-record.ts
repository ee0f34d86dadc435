import { z } from 'zod';

// What a hosted language-model agent (transport `llm`) did for one decision: the platform plays it by
// calling a Chat Completions endpoint, and records each call so its owner (and, once the match is over,
// everyone) can see what the model answered, what it cost in tokens, and why a decision faulted.
// Optional in the replay: replays of http/ws/house seats, and replays recorded before llm agents, have none.

/** Why a call was made. */
export const LLM_CALL_KINDS = [
  /** The first question of the decision. */
  'first',
  /** Asked again after a 429 (rate limited), a 5xx or a dropped connection, once the backoff had passed. */
  'backoff',
  /** Asked again without JSON mode: the server refused `response_format`. */
  'plain',
  /** The one corrective retry: the previous answer was not a legal action, and the error was sent back. */
  'corrective',
] as const;

/** How a call ended. */
export const LLM_CALL_OUTCOMES = [
  /** The server answered with a completion (which may still not hold a legal action: see `error`). */
  'answer',
  /** HTTP 429. */
  'rate_limited',
  /** Any other HTTP error status. */
  'http_error',
  /** No HTTP answer: connection refused, reset, refused address... */
  'error',
  /** Stopped by the deadline (or because the decision was no longer needed). */
  'aborted',
] as const;

/** Longest model text kept per call; the rest is cut (with a marker). */
export const LLM_RAW_MAX_CHARS = 4000;

export const LlmCall = z.object({
  kind: z.enum(LLM_CALL_KINDS),
  outcome: z.enum(LLM_CALL_OUTCOMES),
  /** The HTTP status, when the server answered one. */
  status: z.number().int().nullable(),
  /** From sending the request to its end (answer, error or abort), ms. */
  latencyMs: z.number().min(0),
  /** Tokens as the server reported them (`usage`); null when it reported none. */
  promptTokens: z.number().int().min(0).nullable(),
  completionTokens: z.number().int().min(0).nullable(),
  /** Whether the call asked for JSON output (`response_format`). */
  jsonMode: z.boolean(),
  /** The model's text, at most LLM_RAW_MAX_CHARS characters. */
  raw: z.string().nullable(),
  /** What went wrong: the server's error, or why the answer was not a legal action. */
  error: z.string().optional(),
});
export type LlmCall = z.infer<typeof LlmCall>;

export const LlmDecision = z.object({
  /** The model asked (one of the operator's LLM_MODELS). */
  model: z.string(),
  /** Sums over every call of the decision. */
  promptTokens: z.number().int().min(0),
  completionTokens: z.number().int().min(0),
  /** Time spent in calls to the model (backoff waits excluded), ms. */
  latencyMs: z.number().min(0),
  /** Calls beyond the first (429 backoffs, JSON-mode fallback, the corrective retry). */
  retries: z.number().int().min(0),
  /** The text of the last answer the model gave (null when it gave none). */
  raw: z.string().nullable(),
  calls: z.array(LlmCall),
});
export type LlmDecision = z.infer<typeof LlmDecision>;
