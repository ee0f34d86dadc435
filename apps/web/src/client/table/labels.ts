import { CLAIM } from '@coup/engine';
import type { Action, Role, TurnActionType } from '@coup/engine';
import type { DecisionRequest } from '@coup/protocol';
import { actionWords, roleName, seatNamer } from '@coup/protocol/describe';
import type { Who } from '@coup/protocol/describe';

// The words of a person's table: what is going on, and each legal answer as a button label, from the seat's
// own point of view ("you"). Sentences come from the one describer (@coup/protocol/describe).

export type WireState = DecisionRequest['state'];

/** Seats by name, "you (seat 1)" for the person. */
export const namesFor = (req: Pick<DecisionRequest, 'seat' | 'state'>): Who =>
  seatNamer(
    req.state.players.map((p) => p.name),
    req.seat,
  );

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function claimOf(action: string): Role | null {
  return (CLAIM as Record<string, Role | null>)[action] ?? null;
}

/** The person's face-down cards (slot order) then the drawn ones: what return_indices count. */
export function exchangePool(state: WireState): Role[] {
  const you = state.you;
  if (!you) return [];
  return [...you.cards.filter((c) => !c.revealed).map((c) => c.role), ...(you.drawn ?? [])];
}

/** One legal answer as a button label. */
export function answerLabel(a: Action, req: DecisionRequest, who: Who): string {
  const s = req.state;
  const p = s.pending;
  const d = a.data ?? {};
  switch (a.type) {
    case 'pass':
      return req.phase === 'block' ? 'Pass (no block)' : 'Pass (no challenge)';
    case 'challenge': {
      if (req.phase === 'challenge_block' && p) {
        return `Challenge the block: ${who(p.blocker)} has no ${roleName(p.blockRole)}`;
      }
      return p ? `Challenge: ${who(p.actor)} has no ${roleName(p.claim)}` : 'Challenge';
    }
    case 'block':
      return `Block, claiming ${roleName(d.role)}`;
    case 'lose_card': {
      const role = s.you?.cards[d.card_index ?? -1]?.role;
      // The slot as the platform numbers it everywhere (from 0): the prompt, the replay, the cards shown.
      return `Lose your ${roleName(role)} (slot ${d.card_index ?? 0})`;
    }
    case 'return_cards': {
      const pool = exchangePool(s);
      const back = (d.return_indices ?? []).map((i) => roleName(pool[i]));
      const kept = pool.filter((_, i) => !(d.return_indices ?? []).includes(i)).map(roleName);
      return `Return ${back.join(' + ')}, keep ${kept.length > 0 ? kept.join(' + ') : 'nothing'}`;
    }
    default: {
      const claim = claimOf(a.type);
      const words = capital(actionWords(a.type as TurnActionType, d.target, who));
      return claim ? `${words}, claiming ${roleName(claim)}` : words;
    }
  }
}

/** What is being claimed, blocked or asked now, in one sentence. */
export function situation(req: DecisionRequest, who: Who): string {
  const s = req.state;
  const p = s.pending;
  if (req.phase === 'action') return 'Your turn: choose an action.';
  if (!p) return `${capital(who(s.activeSeat))} is playing.`;
  const claim = p.claim ? `, claiming ${roleName(p.claim)}` : '';
  const act = `${capital(who(p.actor))}: ${actionWords(p.action, p.target, who)}${claim}`;
  const block =
    p.blocker !== null ? ` ${capital(who(p.blocker))} blocks, claiming ${roleName(p.blockRole)}.` : '';
  switch (req.phase) {
    case 'challenge_action':
      return `${act}. Challenge the claim?`;
    case 'block':
      return `${act}. Block it?`;
    case 'challenge_block':
      return `${act}.${block} Challenge the block?`;
    case 'lose_influence':
      return `${act}.${block} You lose an influence: choose a card to reveal.`;
    case 'exchange_return':
      return 'Exchange: choose the 2 cards to return to the deck.';
    default:
      return `${act}.${block}`;
  }
}
