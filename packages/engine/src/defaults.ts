import { FORCED_COUP_COINS } from './constants';
import { legalList } from './legal';
import { rulesetOf } from './rulesets';
import { faceDownCount } from './seats';
import type { Action, GameState } from './types';

/**
 * The action played for a seat whose answer faulted (DESIGN.md "Faults"): `pass` in windows; `income` on
 * its turn, or `coup` on the next living seat when forced; the first face-down card for `lose_card`; the
 * drawn cards back for `return_cards` (the hand is kept); in a phase a ruleset's action brings, what its
 * rule says (`show_card` the first face-down card, `allow`). Always one of legalActions(s, seat); null if
 * the seat has nothing to decide.
 */
export function defaultAction(s: GameState, seat: number): Action | null {
  const legal = legalList(s, seat);
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
      // The pool is the face-down cards then the drawn ones: returning the drawn cards keeps the hand.
      const faceDown = faceDownCount(s.players[seat]!);
      const drawn = s.drawn.map((_, i) => faceDown + i);
      return (
        legal.find((a) => {
          const r = a.data?.return_indices;
          return r !== undefined && r.length === drawn.length && r.every((x, i) => x === drawn[i]);
        }) ?? null
      );
    }
    case 'game_over':
      return null;
    default:
      return rulesetOf(s).phase[s.phase]?.defaultAction(s, seat) ?? null;
  }
}
