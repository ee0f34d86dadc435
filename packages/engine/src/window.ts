import type { ResponseWindow } from './types';

// Who may still answer a simultaneous window (RULES.md "Simultaneous windows, and who wins them").
// Indexed loops: these run on every answer, and a for-of allocates an iterator until V8 optimises it.

/**
 * Seats whose answer can still change the outcome of a window: the unanswered eligible seats that come,
 * in turn order after the actor, before the first seat that said yes (challenge or block); all unanswered
 * ones when nobody has. Answer order never matters, only seat order.
 */
export function windowPendingSeats(w: ResponseWindow): number[] {
  const out: number[] = [];
  const eligible = w.eligible;
  for (let i = 0; i < eligible.length; i++) {
    const seat = eligible[i] as number;
    const a = w.answers[seat];
    if (a === null || a === undefined) out.push(seat);
    else if (a !== 'pass') break;
  }
  return out;
}

/** Whether `seat` is among windowPendingSeats(w), without allocating. */
export function isWindowPending(w: ResponseWindow, seat: number): boolean {
  const eligible = w.eligible;
  for (let i = 0; i < eligible.length; i++) {
    const x = eligible[i] as number;
    const a = w.answers[x];
    if (a === null || a === undefined) {
      if (x === seat) return true;
    } else if (a !== 'pass') return false;
  }
  return false;
}

/** True once no answer can change the window's outcome (windowPendingSeats is empty). */
export function windowSettled(w: ResponseWindow): boolean {
  const eligible = w.eligible;
  for (let i = 0; i < eligible.length; i++) {
    const x = eligible[i] as number;
    const a = w.answers[x];
    if (a === null || a === undefined) return false;
    if (a !== 'pass') return true;
  }
  return true;
}

/** The seat that said yes first in turn order, or null once everyone passed. */
export function firstYes(w: ResponseWindow): number | null {
  const eligible = w.eligible;
  for (let i = 0; i < eligible.length; i++) {
    const seat = eligible[i] as number;
    const a = w.answers[seat];
    if (a !== null && a !== undefined && a !== 'pass') return seat;
  }
  return null;
}
