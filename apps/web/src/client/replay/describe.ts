import type { Action, GameEvent, Role, TurnActionType } from '@coup/engine';

// Engine events and actions in plain words, for the replay viewer and the live view.

export const roleName = (r: Role | string): string => r.charAt(0).toUpperCase() + r.slice(1);

const ACTION_NOUN: Record<TurnActionType, string> = {
  income: 'income',
  foreign_aid: 'foreign aid',
  coup: 'coup',
  tax: 'tax',
  assassinate: 'assassination',
  steal: 'steal',
  exchange: 'exchange',
};

const LOSS_REASON: Record<string, string> = {
  challenge: 'after a challenge',
  coup: 'to a coup',
  assassinate: 'to an assassination',
  forfeit: 'by forfeit',
};

const PASS_MEANING: Record<string, string> = {
  challenge_action: 'does not challenge',
  block: 'does not block',
  challenge_block: 'does not challenge the block',
};

export type Names = (seat: number | null | undefined) => string;

export function namesOf(names: readonly string[]): Names {
  return (seat) => (seat === null || seat === undefined ? '?' : (names[seat] ?? `seat ${seat}`));
}

function declared(e: Extract<GameEvent, { type: 'declared' }>, n: Names): string {
  const a = n(e.seat);
  const t = n(e.target);
  switch (e.action) {
    case 'income':
      return `${a} takes income.`;
    case 'foreign_aid':
      return `${a} asks for foreign aid.`;
    case 'coup':
      return `${a} pays 7 coins to launch a coup against ${t}.`;
    case 'tax':
      return `${a} claims Duke to collect tax.`;
    case 'assassinate':
      return `${a} claims Assassin and pays 3 coins to assassinate ${t}.`;
    case 'steal':
      return `${a} claims Captain to steal from ${t}.`;
    case 'exchange':
      return `${a} claims Ambassador to exchange cards.`;
  }
}

function resolved(e: Extract<GameEvent, { type: 'resolved' }>, n: Names): string {
  const a = n(e.seat);
  const noun = ACTION_NOUN[e.action];
  if (e.outcome === 'blocked') return `${a}'s ${noun} is blocked.`;
  if (e.outcome === 'cancelled') return `${a}'s ${noun} is cancelled.`;
  if (e.outcome === 'no_effect') return `${a}'s ${noun} has no effect.`;
  switch (e.action) {
    case 'steal':
      return `${a} steals ${e.coins} coin${e.coins === 1 ? '' : 's'} from ${n(e.target)}.`;
    case 'coup':
    case 'assassinate':
      return `${a}'s ${noun} against ${n(e.target)} succeeds.`;
    case 'exchange':
      return `${a}'s exchange is done.`;
    default:
      return `${a} gains ${e.coins} coin${e.coins === 1 ? '' : 's'} (${noun}).`;
  }
}

export function describeEvent(e: GameEvent, n: Names): string {
  switch (e.type) {
    case 'turn_started':
      return `Turn ${e.turn}: ${n(e.seat)} to act.`;
    case 'declared':
      return declared(e, n);
    case 'passed':
      return `${n(e.seat)} ${PASS_MEANING[e.phase] ?? 'passes'}.`;
    case 'challenged':
      return (
        `${n(e.seat)} challenges ${n(e.challenged)}'s ${e.against === 'block' ? 'block' : 'claim'} of ` +
        `${roleName(e.claim)}: ${e.truthful ? `${n(e.challenged)} has it` : 'it was a bluff'}.`
      );
    case 'card_shown':
      return (
        `${n(e.seat)} shows ${roleName(e.role)}, shuffles it into the deck and draws a new card` +
        `${e.replacement ? ` (${roleName(e.replacement)})` : ''}.`
      );
    case 'blocked':
      return `${n(e.seat)} blocks ${n(e.actor)}, claiming ${roleName(e.role)}.`;
    case 'influence_lost':
      return `${n(e.seat)} loses an influence ${LOSS_REASON[e.reason] ?? ''}: ${roleName(e.role)} is revealed.`;
    case 'resolved':
      return resolved(e, n);
    case 'exchange_drawn':
      return `${n(e.seat)} draws ${e.count} cards${e.roles ? ` (${e.roles.map(roleName).join(', ')})` : ''}.`;
    case 'exchange_returned':
      return (
        `${n(e.seat)} returns ${e.count} cards to the deck` +
        `${e.returned ? ` (${e.returned.map(roleName).join(', ')})` : ''}.`
      );
    case 'forfeited':
      return `${n(e.seat)} forfeits: every face-down card is revealed.`;
    case 'eliminated':
      return `${n(e.seat)} is eliminated.`;
    case 'game_over': {
      const winners = (e.ranking[0] ?? []).map((s) => n(s)).join(' and ');
      return `Game over (${e.reason === 'turn_cap' ? 'turn limit reached' : 'last one standing'}): ${winners} ${
        (e.ranking[0]?.length ?? 0) > 1 ? 'share first place' : 'wins'
      }.`;
    }
  }
}

/** An action as a short phrase: "steal from bob", "block claiming Captain", "reveal slot 1". */
export function describeAction(a: Action | null | undefined, n: Names): string {
  if (!a) return 'nothing';
  const d = a.data ?? {};
  switch (a.type) {
    case 'coup':
    case 'assassinate':
    case 'steal':
      return `${a.type === 'steal' ? 'steal from' : a.type} ${n(d.target)}`;
    case 'foreign_aid':
      return 'foreign aid';
    case 'block':
      return `block claiming ${d.role ? roleName(d.role) : '?'}`;
    case 'lose_card':
      return `reveal the card in slot ${d.card_index ?? '?'}`;
    case 'return_cards':
      return `return choices ${(d.return_indices ?? []).join(' and ')}`;
    default:
      return a.type;
  }
}

/** Whatever the agent sent, shortened for display. */
export function describeAnswer(answer: unknown, n: Names): string {
  if (answer === null || answer === undefined) return 'no usable answer';
  if (typeof answer === 'object' && typeof (answer as { type?: unknown }).type === 'string') {
    return describeAction(answer as Action, n);
  }
  const s = JSON.stringify(answer);
  return s.length > 80 ? `${s.slice(0, 77)}…` : s;
}
