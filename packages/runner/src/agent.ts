import type { DecisionRequest, MatchEnd, MatchStart } from '@coup/protocol';

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
   * This seat's decision deadline, when it is not the match's (a person at the table plays at
   * HUMAN_TIMEOUT_MS while the match's other seats keep theirs). Recorded in the replay's players.
   */
  timeoutMs?: number;
  decide(req: DecisionRequest, signal: AbortSignal): Promise<unknown>;
  start?(msg: MatchStart, signal: AbortSignal): Promise<void>;
  end?(msg: MatchEnd, signal: AbortSignal): Promise<void>;
  /** Releases connections. runMatch never calls it: one agent object may play many matches. */
  close?(): Promise<void>;
}
