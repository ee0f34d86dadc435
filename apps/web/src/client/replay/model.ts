import type { Action, GameEvent, Phase, Role, RulesetId } from '@coup/engine';
import type { LlmDecision } from '@coup/protocol';
import type { BluffMarks } from './bluffs';

// What the replay viewer shows, frame by frame (one frame per turn, after a first "deal" frame), whether it
// comes from the omniscient replay (every card known) or from one seat's replay (only that seat's cards).

export interface CardView {
  /** null: face-down and unknown to this viewer. */
  role: Role | null;
  revealed: boolean;
}

export interface SeatView {
  seat: number;
  coins: number;
  cards: CardView[];
  eliminated: boolean;
}

export interface DecisionView {
  seat: number;
  phase: Phase;
  latencyMs: number;
  /** What the agent sent (null when it sent nothing usable). */
  answer: unknown;
  /** What the engine got: the agent's action, or the default one after a fault. */
  applied: Action | null;
  fault: { reason: string; message: string } | null;
  comment?: string;
  unused?: boolean;
  /** Seat view only: what the seat was offered and the text rendering it was sent. */
  legalActions?: Action[];
  prompt?: string;
  /** A hosted llm agent's model calls (model, tokens, retries, raw answers). */
  llm?: LlmDecision;
  /** The role the answer claimed without holding it (as far as this view knows the seat's cards). */
  bluff?: Role;
}

export interface Frame {
  /** null for the deal, before the first turn. */
  turn: number | null;
  activeSeat: number | null;
  /** The seats at the end of the frame. */
  seats: SeatView[];
  deckSize: number | null;
  events: GameEvent[];
  decisions: DecisionView[];
  forfeits: { seat: number; reason: string }[];
}

export interface ReplayModel {
  /** null: omniscient; otherwise the seat whose view this is. */
  viewer: number | null;
  /** Names by seat. */
  names: string[];
  agentIds: (string | undefined)[];
  frames: Frame[];
  ranking: number[][];
  results: { seat: number; place: number; faults: number; forfeited: boolean }[];
  seedCommitment: string;
  seed: string | null;
  engineVersion: string;
  rulesetVersion: string;
  /** The rules the match was played by (`original` for replays recorded before rulesets were named). */
  ruleset: RulesetId;
  timeoutMs: number;
  /**
   * Each seat's own decision deadline where it differs from the match's (a person's seat, an llm agent):
   * the replay's players[seat].timeoutMs.
   */
  seatTimeoutMs: (number | undefined)[];
  /** The claims this view knows were bluffs, by their event. */
  bluffs: BluffMarks;
  startedAt: number;
  finishedAt: number;
  /** Set when the viewer had to fall back to a partial reconstruction. */
  warning?: string;
}

/** Events grouped by their turn. */
export function eventsByTurn(events: readonly GameEvent[]): Map<number, GameEvent[]> {
  const by = new Map<number, GameEvent[]>();
  for (const e of events) {
    const list = by.get(e.turn);
    if (list) list.push(e);
    else by.set(e.turn, [e]);
  }
  return by;
}

/** The seat that acts in each turn, from turn_started events (turn 0 has none). */
export function activeSeats(events: readonly GameEvent[], firstSeat: number | null): Map<number, number> {
  const active = new Map<number, number>();
  if (firstSeat !== null) active.set(0, firstSeat);
  for (const e of events) {
    if (e.type === 'turn_started') active.set(e.turn, e.seat);
    else if (e.type === 'declared' && !active.has(e.turn)) active.set(e.turn, e.seat);
  }
  return active;
}

export const cloneSeats = (seats: readonly SeatView[]): SeatView[] =>
  seats.map((s) => ({ ...s, cards: s.cards.map((c) => ({ ...c })) }));
