import type { GameEvent, PlayerView } from '@coup/engine';
import type { HistoryEntry, WireState } from './game';

/** The engine's view of one seat, shaped for the wire, with the seats' display names. */
export function wireState(view: PlayerView, names: readonly string[]): WireState {
  return {
    phase: view.phase,
    turn: view.turn,
    activeSeat: view.activeSeat,
    deckSize: view.deckSize,
    you: view.you,
    // Built field by field: the PROTOCOL.md order (seat, name, ...), and cheaper than a spread.
    players: view.players.map((p) => ({
      seat: p.seat,
      name: names[p.seat] ?? `seat ${p.seat}`,
      coins: p.coins,
      faceDown: p.faceDown,
      revealed: p.revealed,
      eliminated: p.eliminated,
    })),
    pending: view.pending,
    losingSeat: view.losingSeat,
  };
}

/** An engine event (already redacted for the seat with eventFor) as a public history entry. */
export function historyEntry(e: GameEvent): HistoryEntry {
  const { type, ...rest } = e;
  return { event: type, ...rest };
}
