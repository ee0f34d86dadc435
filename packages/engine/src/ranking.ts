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
  const places: number[][] = [];
  const survivors: number[] = [];
  for (let i = 0; i < s.players.length; i++) if (!s.players[i]?.eliminated) survivors.push(i);
  const key = (seat: number): [number, number] => {
    const p = s.players[seat];
    return p ? [faceDownCount(p), p.coins] : [0, 0];
  };
  survivors.sort((a, b) => {
    const [fa, ca] = key(a);
    const [fb, cb] = key(b);
    return fb - fa || cb - ca || a - b;
  });
  for (const seat of survivors) {
    const last = places[places.length - 1];
    const head = last?.[0];
    if (last && head !== undefined && key(head)[0] === key(seat)[0] && key(head)[1] === key(seat)[1]) {
      last.push(seat);
    } else {
      places.push([seat]);
    }
  }
  for (let i = s.eliminationOrder.length - 1; i >= 0; i--) places.push([s.eliminationOrder[i] as number]);
  return places;
}
