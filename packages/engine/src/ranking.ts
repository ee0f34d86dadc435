import { faceDownCount } from './seats';
import type { GameState } from './types';

export function isOver(s: GameState): boolean {
  return s.phase === 'game_over';
}

/**
 * Places, best first; a place holds tied seats. Defined once the game is over ([] before).
 * Survivors come first (ordered by face-down cards, then coins, at the turn cap), then eliminated
 * seats in reverse order of elimination.
 */
export function ranking(s: GameState): number[][] {
  if (s.phase !== 'game_over') return [];
  return computeRanking(s);
}

export function computeRanking(s: GameState): number[][] {
  const players = s.players;
  const survivors: number[] = [];
  for (let i = 0; i < players.length; i++) if (!players[i]?.eliminated) survivors.push(i);
  // Sorted by face-down cards, then coins (both descending), then seat; equal keys share a place.
  if (survivors.length > 1) survivors.sort((a, b) => compareSurvivors(s, a, b) || a - b);
  const places: number[][] = [];
  let last: number[] | null = null;
  for (let i = 0; i < survivors.length; i++) {
    const seat = survivors[i] as number;
    if (last !== null && compareSurvivors(s, last[0] as number, seat) === 0) last.push(seat);
    else places.push((last = [seat]));
  }
  for (let i = s.eliminationOrder.length - 1; i >= 0; i--) places.push([s.eliminationOrder[i] as number]);
  return places;
}

/** Survivor `a` before `b` (< 0) by more face-down cards, then more coins; 0 when both are equal. */
function compareSurvivors(s: GameState, a: number, b: number): number {
  const pa = s.players[a];
  const pb = s.players[b];
  const fa = pa ? faceDownCount(pa) : 0;
  const fb = pb ? faceDownCount(pb) : 0;
  return fb - fa || (pb ? pb.coins : 0) - (pa ? pa.coins : 0);
}
