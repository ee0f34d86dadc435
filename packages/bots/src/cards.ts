import type { Role } from '@coup/engine';
import type { DecisionRequest } from '@coup/protocol';
import { passOrFirst } from './actions';
import type { Table } from './table';
import type { LegalAction } from './types';

/** How much a card is worth keeping, by role, for a given table. */
export type CardValue = (role: Role) => number;

/** A plain ranking: duke pays every turn, assassin kills cheaply, ambassador is the weakest to keep. */
export const BASE_VALUE: Readonly<Record<Role, number>> = {
  duke: 5,
  assassin: 4.5,
  captain: 4,
  contessa: 3.5,
  ambassador: 2.5,
  // The Inquisitor game's role: more than the ambassador it replaces (it exchanges only one card, but it
  // also blocks steals and interrogates), less than the roles that win coins or cards.
  inquisitor: 3,
};

/** lose_card: reveal the least valuable face-down card. */
export function chooseLoss(req: DecisionRequest, value: CardValue): LegalAction {
  const cards = req.state.you?.cards ?? [];
  let best: LegalAction | undefined;
  let bestValue = Infinity;
  for (const a of req.legalActions) {
    if (a.type !== 'lose_card') continue;
    const card = cards[a.data?.card_index ?? -1];
    const v = card ? value(card.role) : 0;
    if (v < bestValue) {
      bestValue = v;
      best = a;
    }
  }
  return best ?? passOrFirst(req);
}

/**
 * exchange_return: keep the most valuable set. A second copy of a role adds little (the same claims,
 * and a challenge exposes both), so a pair is discounted.
 */
export function chooseReturn(req: DecisionRequest, t: Table, value: CardValue): LegalAction {
  const pool: Role[] = [...t.hand, ...(req.state.you?.drawn ?? [])];
  let best: LegalAction | undefined;
  let bestScore = -Infinity;
  for (const a of req.legalActions) {
    if (a.type !== 'return_cards') continue;
    const returned = a.data?.return_indices ?? [];
    const kept = pool.filter((_, i) => !returned.includes(i));
    let score = 0;
    for (const r of kept) score += value(r);
    if (kept.length === 2 && kept[0] === kept[1]) score -= 2;
    if (score > bestScore) {
      bestScore = score;
      best = a;
    }
  }
  return best ?? passOrFirst(req);
}
