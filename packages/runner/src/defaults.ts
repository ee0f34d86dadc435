import { FORCED_COUP_COINS, legalActions } from '@coup/engine';
import type { Action, GameState } from '@coup/engine';

/**
 * The action played for a seat whose answer faulted (DESIGN.md "Faults"): `pass` in windows; `income` on
 * its turn, or `coup` on the next living seat when forced; the first face-down card for `lose_card`; the
 * 2 drawn cards for `return_cards`. Always one of legalActions(s, seat); null if the seat is not pending.
 */
export function defaultAction(s: GameState, seat: number): Action | null {
  const legal = legalActions(s, seat);
  if (legal.length === 0) return null;
  switch (s.phase) {
    case 'action': {
      const coins = s.players[seat]?.coins ?? 0;
      if (coins < FORCED_COUP_COINS) return legal.find((a) => a.type === 'income') ?? null;
      const n = s.players.length;
      for (let k = 1; k < n; k++) {
        const t = (seat + k) % n;
        if (s.players[t]?.eliminated) continue;
        return legal.find((a) => a.type === 'coup' && a.data?.target === t) ?? null;
      }
      return null;
    }
    case 'challenge_action':
    case 'block':
    case 'challenge_block':
      return legal.find((a) => a.type === 'pass') ?? null;
    case 'lose_influence':
      // Listed in ascending card_index: the first is the lowest face-down slot.
      return legal[0] ?? null;
    case 'exchange_return': {
      // The pool is the face-down cards then the 2 drawn ones: returning the drawn cards keeps the hand.
      const faceDown = s.players[seat]?.cards.filter((c) => !c.revealed).length ?? 0;
      return (
        legal.find(
          (a) => a.data?.return_indices?.[0] === faceDown && a.data.return_indices[1] === faceDown + 1,
        ) ?? null
      );
    }
    default:
      return null;
  }
}
