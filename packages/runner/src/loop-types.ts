import type { GameEvent, Phase, PlayerView } from '@coup/engine';
import type { DecisionStep } from '@coup/protocol';
import type { DecisionReport, MatchAgent } from './agent';
import type { Clock } from './clock';

// The match loop's options and bookkeeping records.

export interface SpectatorUpdate {
  /** New events, redacted for spectators (eventsFor(events, null)). */
  events: GameEvent[];
  state: PlayerView;
}

export interface DispatchInfo {
  decisionId: string;
  seat: number;
  /** From the arrival of the answer (or deadline) that led to this request to its dispatch; null for the first. */
  overheadMs: number | null;
}

export interface LoopOptions {
  matchId: string;
  /** Which run of the match this is (1 for the first): part of every decision id. */
  attempt: number;
  agents: readonly MatchAgent[];
  /** Decision deadline of each seat (the match's, or the agent's own: MatchAgent.timeoutMs). */
  seatTimeoutsMs: readonly number[];
  strategyPrompts: readonly (string | undefined)[];
  clock: Clock;
  /** How long a retired request may still finish before its signal aborts (see dropClosed). */
  abortGraceMs: number;
  onEvent?: (u: SpectatorUpdate) => void;
  onDecision?: (record: DecisionStep) => void;
  onDispatch?: (d: DispatchInfo) => void;
}

/** One request in flight to one seat. */
export interface Inflight {
  seat: number;
  decisionId: string;
  phase: Phase;
  turn: number;
  stateIndex: number;
  requestedAt: number;
  sentMono: number;
  /** null for an agent that ignores its signal (MatchAgent.ignoresSignal). */
  controller: AbortController | null;
  round: Round;
  done: boolean;
  /** Pending abort of a retired request. */
  grace: NodeJS.Timeout | null;
  /** What the agent reported about this decision (copied into the replay step). */
  report: DecisionReport;
  /** The seat's history size when asked: an answer means the agent has every entry before it. */
  historyEnd: number;
}

/** The seats asked together that share one deadline (seats with their own deadline get their own Round). */
export interface Round {
  timeoutMs: number;
  timer: NodeJS.Timeout | null;
  members: Inflight[];
  open: number;
}
