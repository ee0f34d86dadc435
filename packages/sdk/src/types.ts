import type { Answer, DecisionRequest, MatchEnd, MatchStart, WireAction } from '@coup/protocol';

/** What `decide` may return: a full answer (`{ action, comment? }`) or just the action. */
export type DecideResult = Answer | WireAction;

export interface AgentOptions {
  /**
   * Called once per decision (retries of the same decisionId are answered from a cache). `req.history` is
   * the match's whole history, also for an agent registered with historyMode delta (see wholeHistory).
   */
  decide(req: DecisionRequest): DecideResult | Promise<DecideResult>;
  /** `/start` or WebSocket `match_start`: a notification, answered before this runs. */
  onStart?(msg: MatchStart): void | Promise<void>;
  /** `/end` or WebSocket `match_end`: a notification, answered before this runs. */
  onEnd?(msg: MatchEnd): void | Promise<void>;
  /** The agent's secret: when set, HTTP requests without a valid, fresh X-Coup-Signature get a 401. */
  secret?: string;
  /**
   * Default true: protocol 2's delta requests are folded into each match's whole history (MatchMemory)
   * before decide sees them. false: decide gets requests as sent (`history` from `historyFrom` on).
   */
  wholeHistory?: boolean;
  /** Shown in logs and in the User-Agent of WebSocket connections. */
  name?: string;
  /** Bigger HTTP request bodies get a 413 (default 4 MiB: a long match's history fits easily). */
  maxBodyBytes?: number;
  /** Every HTTP request answered with a 4xx or 5xx (bad signature, bad body...), e.g. to log it. */
  onRefused?(r: { method: string; url: string; status: number; message: string }): void;
  /** Errors thrown by decide, onStart or onEnd (default: console.error). */
  onError?(err: unknown, context: string): void;
}
