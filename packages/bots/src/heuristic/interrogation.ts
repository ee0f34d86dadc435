import type { Role } from '@coup/engine';
import { find, passOrFirst } from '../actions';
import { holds, player } from '../table';
import type { LegalAction } from '../types';
import type { Model } from './model';
import { heuristicValue } from './values';

// The Inquisitor game's two answers of an interrogation (RULES.md "Ruleset `inquisitors`").

/**
 * interrogate_show: I was interrogated and show one of my face-down cards. The least valuable one: if
 * the interrogator forces it out I lose little (and may draw better), if it lets me keep it it learns
 * only my weakest card.
 */
export function interrogateShow(m: Model): LegalAction {
  const value = heuristicValue(m);
  const cards = m.req.state.you?.cards ?? [];
  let best: LegalAction | undefined;
  let bestValue = Infinity;
  for (const a of m.req.legalActions) {
    if (a.type !== 'show_card') continue;
    const card = cards[a.data?.card_index ?? -1];
    const v = card ? value(card.role) : 0;
    if (v < bestValue) {
      bestValue = v;
      best = a;
    }
  }
  return best ?? passOrFirst(m.req);
}

/** How much `role` in the target's hand hurts me: what forcing it back into the deck is worth. */
function danger(m: Model, target: number, role: Role): number {
  const { t } = m;
  const coins = player(t, target)?.coins ?? 0;
  switch (role) {
    case 'duke':
      return 3; // 3 coins a turn, and it blocks my foreign aid
    case 'assassin':
      return coins >= 2 ? 3 : 2;
    case 'captain':
      return t.opponents.length === 1 ? 2.5 : 1.5;
    case 'contessa':
      // It stops my assassinations: worth removing when I can assassinate.
      return holds(t, 'assassin') ? 2.5 : 0.5;
    default:
      return 0.5;
  }
}

/**
 * interrogate_decide: I interrogated and saw `you.shown`. A card that threatens me goes back into the
 * deck (the target draws an unknown one); a harmless one stays, and I remember it (SeatRecord.known):
 * its later claims of that role are true, its other claims need its other card.
 */
export function interrogateDecide(m: Model): LegalAction {
  const shown = m.req.state.you?.shown;
  const target = m.req.state.pending?.target ?? -1;
  // Knowing the card is worth about this much: the threat has to beat it.
  const knowing = 1.5;
  const force = shown !== undefined && danger(m, target, shown) > knowing;
  return (force ? find(m.req, 'force_exchange') : find(m.req, 'allow')) ?? passOrFirst(m.req);
}
