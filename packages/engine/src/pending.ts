import { rulesetOf } from './rulesets';
import type { GameState } from './types';
import { isWindowPending, windowPendingSeats } from './window';

/** Seats that must answer now (one or several); empty once the game is over. */
export function pendingSeats(s: GameState): number[] {
  switch (s.phase) {
    case 'action':
      return [s.activeSeat];
    case 'challenge_action':
    case 'block':
      return s.window ? windowPendingSeats(s.window) : [];
    case 'challenge_block':
      return s.pending ? [s.pending.actor] : [];
    case 'lose_influence':
      return s.losses[0] ? [s.losses[0].seat] : [];
    case 'exchange_return':
      return [s.activeSeat];
    case 'game_over':
      return [];
    default: {
      // A phase a ruleset's action brings asks one seat.
      const rule = rulesetOf(s).phase[s.phase];
      return rule ? [rule.seat(s)] : [];
    }
  }
}

export function isPending(s: GameState, seat: number): boolean {
  switch (s.phase) {
    case 'action':
    case 'exchange_return':
      return s.activeSeat === seat;
    case 'challenge_block':
      return s.pending?.actor === seat;
    case 'lose_influence':
      return s.losses[0]?.seat === seat;
    case 'game_over':
      return false;
    case 'challenge_action':
    case 'block':
      return s.window ? isWindowPending(s.window, seat) : false;
    default:
      return rulesetOf(s).phase[s.phase]?.seat(s) === seat;
  }
}
