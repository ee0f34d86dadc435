import { buildDecisionRequest } from '@coup/protocol';
import type { DecisionRequest, HistoryEntry } from '@coup/protocol';
import type { GameState } from '@coup/engine';

// The bots' tests and benchmark build requests with the protocol's own builder (the one the runner uses),
// so the bots are measured on exactly what they receive in real matches: as house agents, delta requests
// (the events since the seat's previous request, protocol 2) without a prompt.

export interface RequestInput {
  state: GameState;
  seat: number;
  matchId: string;
  decisionId: string;
  names: readonly string[];
  /** The seat's public history, already redacted for it (eventsFor + historyEntry). */
  history: HistoryEntry[];
  /** Index of `history[0]` in the seat's whole history: a delta request (protocol 2, no prompt). */
  historyFrom?: number;
  timeoutMs?: number;
  now?: number;
}

export function buildRequest(input: RequestInput): DecisionRequest {
  const timeoutMs = input.timeoutMs ?? 5000;
  return buildDecisionRequest({
    state: input.state,
    seat: input.seat,
    matchId: input.matchId,
    decisionId: input.decisionId,
    deadline: (input.now ?? 0) + timeoutMs,
    timeoutMs,
    names: input.names,
    history: input.history,
    ...(input.historyFrom !== undefined
      ? { historyFrom: input.historyFrom, wire: { historyMode: 'delta', wantsPrompt: false } as const }
      : {}),
  });
}
