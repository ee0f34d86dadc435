import { legalActions, viewFor } from '@coup/engine';
import type { GameState } from '@coup/engine';
import { PROTOCOL_VERSION, wireState } from '@coup/protocol';
import type { DecisionRequest, HistoryEntry } from '@coup/protocol';

// A local stand-in for @coup/protocol's buildDecisionRequest, which is written concurrently with this
// package: the bots' tests and benchmark must not wait for it. It builds the same wire object from the
// engine (viewFor, wireState, legalActions) with a one-line stub prompt.

export interface RequestInput {
  state: GameState;
  seat: number;
  matchId: string;
  decisionId: string;
  names: readonly string[];
  /** The seat's public history, already redacted for it (eventsFor + historyEntry). */
  history: HistoryEntry[];
  timeoutMs?: number;
  now?: number;
}

export function buildRequest(input: RequestInput): DecisionRequest {
  const { state, seat } = input;
  const timeoutMs = input.timeoutMs ?? 5000;
  const legal = legalActions(state, seat);
  return {
    protocol: PROTOCOL_VERSION,
    type: 'decision',
    matchId: input.matchId,
    decisionId: input.decisionId,
    seat,
    phase: state.phase,
    deadline: (input.now ?? 0) + timeoutMs,
    timeoutMs,
    state: wireState(viewFor(state, seat), input.names),
    history: input.history,
    legalActions: legal,
    prompt: `Turn ${state.turn}, seat ${seat}, phase ${state.phase}. Answer with one of: ${legal.map((a) => a.type).join(', ')}.`,
  };
}
