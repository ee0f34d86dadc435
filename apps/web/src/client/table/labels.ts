import { DEFAULT_RULESET, RULESETS } from '@coup/engine';
import type { Action, AnyTurnActionType, Role, RulesetId } from '@coup/engine';
import type { DecisionRequest } from '@coup/protocol';
import { actionWords, roleName, seatNamer } from '@coup/protocol/describe';
import type { Who } from '@coup/protocol/describe';

// The words of a person's table: what is going on, and each legal answer as a button label, from the seat's
// own point of view ("you"). Sentences come from the one describer (@coup/protocol/describe); what an
// action claims and how many cards an exchange draws come from the match's ruleset (the table page knows
// it from the match; a decision request does not name it).

export type WireState = DecisionRequest['state'];

/** Seats by name, "you (seat 1)" for the person. */
export const namesFor = (req: Pick<DecisionRequest, 'seat' | 'state'>): Who =>
  seatNamer(
    req.state.players.map((p) => p.name),
    req.seat,
  );

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** "a Duke", "an Assassin". */
const article = (noun: string) => `${/^[AEIOU]/.test(noun) ? 'an' : 'a'} ${noun}`;

function claimOf(action: string, ruleset: RulesetId): Role | null {
  return RULESETS[ruleset].action[action as AnyTurnActionType]?.claim ?? null;
}

const cardCount = (n: number) => (n === 1 ? 'the 1 card' : `the ${n} cards`);

/** The person's face-down cards (slot order) then the drawn ones: what return_indices count. */
export function exchangePool(state: WireState): Role[] {
  const you = state.you;
  if (!you) return [];
  return [...you.cards.filter((c) => !c.revealed).map((c) => c.role), ...(you.drawn ?? [])];
}

/** One legal answer as a button label, in a game of `ruleset`. */
export function answerLabel(
  a: Action,
  req: DecisionRequest,
  who: Who,
  ruleset: RulesetId = DEFAULT_RULESET,
): string {
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
    case 'show_card': {
      const role = s.you?.cards[d.card_index ?? -1]?.role;
      return `Show your ${roleName(role)} (slot ${d.card_index ?? 0})`;
    }
    case 'allow':
      return `Let ${who(p?.target)} keep the ${roleName(s.you?.shown)}`;
    case 'force_exchange':
      return `Force ${who(p?.target)} to exchange the ${roleName(s.you?.shown)}`;
    default: {
      const claim = claimOf(a.type, ruleset);
      const words = capital(actionWords(a.type, d.target, who, claim ?? undefined));
      return claim ? `${words}, claiming ${roleName(claim)}` : words;
    }
  }
}

/** What is being claimed, blocked or asked now, in one sentence, in a game of `ruleset`. */
export function situation(req: DecisionRequest, who: Who, ruleset: RulesetId = DEFAULT_RULESET): string {
  const s = req.state;
  const p = s.pending;
  if (req.phase === 'action') return 'Your turn: choose an action.';
  if (!p) return `${capital(who(s.activeSeat))} is playing.`;
  const claim = p.claim ? `, claiming ${roleName(p.claim)}` : '';
  const act = `${capital(who(p.actor))}: ${actionWords(p.action, p.target, who, p.claim ?? undefined)}${claim}`;
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
      return `Exchange: choose ${cardCount(RULESETS[ruleset].exchangeDraw)} to return to the deck.`;
    case 'interrogate_show':
      return `${capital(who(p.actor))} interrogates you: choose a card to show.`;
    case 'interrogate_decide':
      return (
        `${capital(who(p.target))} shows you ${article(roleName(s.you?.shown))}: ` +
        'let them keep it or force an exchange.'
      );
    default:
      return `${act}.${block}`;
  }
}
