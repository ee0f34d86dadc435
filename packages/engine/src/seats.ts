import type { GameState, PlayerState } from './types';

export function isAlive(p: Readonly<PlayerState>): boolean {
  return !p.eliminated;
}

export function faceDownCount(p: Readonly<PlayerState>): number {
  let n = 0;
  const cards = p.cards;
  for (let i = 0; i < cards.length; i++) if (!(cards[i] as { revealed: boolean }).revealed) n++;
  return n;
}

export function livingCount(s: GameState): number {
  let n = 0;
  const players = s.players;
  for (let i = 0; i < players.length; i++) if (!(players[i] as PlayerState).eliminated) n++;
  return n;
}

/** Bitmask of living seats. */
export function livingMask(s: GameState): number {
  let m = 0;
  for (let i = 0; i < s.players.length; i++) if (!(s.players[i] as PlayerState).eliminated) m |= 1 << i;
  return m;
}

/** Other living seats in turn order after `seat` (an array of their exact length). */
export function othersInTurnOrder(s: GameState, seat: number): number[] {
  const players = s.players;
  const n = players.length;
  let count = 0;
  for (let k = 1; k < n; k++) if (!(players[(seat + k) % n] as PlayerState).eliminated) count++;
  const out = new Array<number>(count);
  let j = 0;
  for (let k = 1; k < n; k++) {
    const i = (seat + k) % n;
    if (!(players[i] as PlayerState).eliminated) out[j++] = i;
  }
  return out;
}

/** The next living seat after `seat` in turn order (seat itself may be eliminated). */
export function nextLivingSeat(s: GameState, seat: number): number {
  const n = s.players.length;
  for (let k = 1; k <= n; k++) {
    const i = (seat + k) % n;
    if (!(s.players[i] as PlayerState).eliminated) return i;
  }
  return seat;
}

export function isSeat(s: GameState, seat: unknown): seat is number {
  return typeof seat === 'number' && Number.isInteger(seat) && seat >= 0 && seat < s.players.length;
}

/** Bitmask of a seat's face-down slots. */
export function faceDownMask(p: Readonly<PlayerState>): number {
  let m = 0;
  for (let i = 0; i < p.cards.length; i++) if (!(p.cards[i] as { revealed: boolean }).revealed) m |= 1 << i;
  return m;
}
