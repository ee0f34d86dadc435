import type { DecisionRequest, LlmDecision, MatchEnd, MatchStart, WirePrefs } from '@coup/protocol';

/**
 * What an agent tells the runner about how it decided, besides its answer: filled in by the agent while it
 * works (so what it has done by the deadline is known even when it never answers), copied into the
 * replay's decision step when the decision is recorded. Transports that have nothing to tell ignore it.
 */
export interface DecisionReport {
  /** A hosted language-model agent's calls (transport `llm`). */
  llm?: LlmDecision;
  /**
   * Called right before the report is copied into the replay: the agent may close what is still in flight
   * (a call cut by the deadline). Must not throw.
   */
  onRecord?(): void;
}

/**
 * One seat's player, whatever the transport. `decide` resolves to the RAW answer body (validated by the
 * runner, never trusted) and rejects with AgentFault for transport-level faults; any other rejection
 * counts as `transport_error`. The signal aborts at the deadline or when the decision is no longer needed.
 * `start` and `end` are notifications: their failures never count.
 */
export interface MatchAgent {
  name: string;
  /** The platform's agent id, stored in the replay when known. */
  agentId?: string;
  /**
   * This seat's decision deadline, when it is not the match's (a hosted language-model agent plays at
   * LLM_TIMEOUT_MS, a person at HUMAN_TIMEOUT_MS, while the match's other seats keep theirs). Recorded in the replay's players.
   */
  timeoutMs?: number;
  /**
   * What the player wants in its requests (PROTOCOL.md "History modes"): delta history and/or no prompt
   * make its messages protocol 2. Unset: protocol 1, the whole history and the prompt in every request.
   */
  wire?: WirePrefs;
  /**
   * The agent never looks at `decide`'s signal (an in-process bot answers in one go): the runner then
   * spares an AbortController per request and passes a signal that never aborts.
   */
  ignoresSignal?: boolean;
  decide(req: DecisionRequest, signal: AbortSignal, report?: DecisionReport): Promise<unknown>;
  start?(msg: MatchStart, signal: AbortSignal): Promise<void>;
  end?(msg: MatchEnd, signal: AbortSignal): Promise<void>;
  /** Releases connections. runMatch never calls it: one agent object may play many matches. */
  close?(): Promise<void>;
}
