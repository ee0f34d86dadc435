import type { GameState, ResponseWindow } from './types';

/**
 * Seats whose answer can still change the outcome of a window: the unanswered eligible seats that come,
 * in turn order after the actor, before the first seat that said yes (challenge or block); all unanswered
 * ones when nobody has. Answer order never matters, only seat order.
 */
export function windowPendingSeats(w: ResponseWindow): number[] {
  const out: number[] = [];
  for (const seat of w.eligible) {
    const a = w.answers[seat];
    if (a === null || a === undefined) out.push(seat);
    else if (a !== 'pass') break;
  }
  return out;
}

/** The seat that said yes first in turn order, or null once everyone passed. */
export function firstYes(w: ResponseWindow): number | null {
  for (const seat of w.eligible) {
    const a = w.answers[seat];
    if (a !== null && a !== undefined && a !== 'pass') return seat;
  }
  return null;
}

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
    default:
      return s.window ? windowPendingSeats(s.window).includes(seat) : false;
  }
}
