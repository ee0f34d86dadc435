import { shuffleInPlace } from '@coup/random';
import { frozenAction, slotChoices } from '../action-lists';
import { endTurn, resolved } from '../flow';
import { faceDownMask } from '../seats';
import type { Action, GameEvent, GameState, PendingAction, PlayerState, Role } from '../types';
import { assassinate, coup, exchange, foreignAid, income, steal, tax } from './classic-actions';
import type { ActionRule, Draft, PhaseRule } from './ruleset';
import { defineRuleset } from './ruleset';

// The Inquisitor game, as treason (the archive's server) plays it, in one file: the inquisitor replaces
// the ambassador, exchanges 1 card, blocks steals, and interrogates (RULES.md "Ruleset `inquisitors`").
// Unlike treason, which shows a card picked at random, the interrogated seat chooses the card it shows,
// as at a table.

const pending = (s: GameState) => s.pending as PendingAction;

/** The shown card's slot (set by show_card; the end of the turn clears it). */
const shownSlot = (s: GameState) => s.shownSlot as number;

/** Ends the interrogation: the action resolves as `outcome`, the turn passes (endTurn forgets the slot). */
function finish(d: Draft, outcome: 'done' | 'no_effect'): void {
  resolved(d, outcome);
  endTurn(d);
}

/** A forfeit during the interrogation: the actor's leaving ends the turn; the target's ends the action. */
function forfeitDuring(d: Draft, seat: number): void {
  const p = pending(d.s);
  if (seat === p.actor) endTurn(d);
  else if (seat === p.target) finish(d, 'no_effect');
}

const SHOW_CARD = slotChoices('show_card');

/** interrogate_show: the target shows one of its face-down cards (its choice) to the interrogator. */
const show: PhaseRule = {
  phase: 'interrogate_show',
  seat: (s) => pending(s).target as number,
  legal: (s, seat) => SHOW_CARD[faceDownMask(s.players[seat] as PlayerState)] ?? [],
  apply: (d, seat, a) => {
    const slot = a.data?.card_index as number;
    const role = (d.peek(seat).cards[slot] as { role: Role }).role;
    d.s.shownSlot = slot;
    d.s.phase = 'interrogate_decide';
    d.emit({
      type: 'interrogation_shown',
      turn: d.s.turn,
      seat,
      interrogator: pending(d.s).actor,
      slot,
      role,
    });
  },
  forfeit: forfeitDuring,
  // The lowest face-down slot, as for lose_card.
  defaultAction: (s, seat) => show.legal(s, seat)[0] as Action,
};

const ALLOW = frozenAction({ type: 'allow' });
const FORCE_EXCHANGE = frozenAction({ type: 'force_exchange' });
const DECIDE: readonly Action[] = [ALLOW, FORCE_EXCHANGE];

/**
 * interrogate_decide: the interrogator lets the target keep the shown card, or forces an exchange: the
 * card goes into the deck, the deck is shuffled, and the target draws a replacement into the same slot.
 */
const decide: PhaseRule = {
  phase: 'interrogate_decide',
  seat: (s) => pending(s).actor,
  legal: () => DECIDE,
  apply: (d, seat, a) => {
    const s = d.s;
    const target = pending(s).target as number;
    const slot = shownSlot(s);
    const role = (d.peek(target).cards[slot] as { role: Role }).role;
    // Written out field by field (not spread from a common base): a spread here cost microseconds a step.
    const turn = s.turn;
    if (a.type === 'force_exchange') {
      const deck = d.deck();
      deck.push(role);
      s.rng = shuffleInPlace(s.rng, deck);
      const replacement = deck.shift() as Role;
      (d.player(target).cards[slot] as { role: Role }).role = replacement;
      d.emit({ type: 'interrogation_decided', turn, seat, target, forced: true, role, slot, replacement });
    } else d.emit({ type: 'interrogation_decided', turn, seat, target, forced: false, role, slot });
    finish(d, 'done');
  },
  forfeit: forfeitDuring,
  // Letting the target keep its card changes nothing a fault should decide.
  defaultAction: () => ALLOW,
  own: (s, seat, you) => {
    const p = pending(s);
    if (seat === p.actor || seat === p.target) {
      you.shown = (s.players[p.target as number]?.cards[shownSlot(s)] as { role: Role }).role;
    }
  },
};

/** Everyone learns who showed a card to whom; the two seats the role; the target alone the slot. */
function redactShown(e: GameEvent, seat: number | null): GameEvent {
  if (e.type !== 'interrogation_shown' || seat === e.seat) return e;
  const { type, turn, interrogator } = e;
  if (seat === interrogator) return { type, turn, seat: e.seat, interrogator, role: e.role as Role };
  return { type, turn, seat: e.seat, interrogator };
}

/** Everyone learns whether an exchange was forced; the two seats the role; the target its replacement. */
function redactDecided(e: GameEvent, seat: number | null): GameEvent {
  if (e.type !== 'interrogation_decided' || seat === e.target) return e;
  const { type, turn, target, forced } = e;
  if (seat === e.seat) return { type, turn, seat: e.seat, target, forced, role: e.role as Role };
  return { type, turn, seat: e.seat, target, forced };
}

/** Interrogate: claims the inquisitor, targets another living seat, can be challenged, not blocked. */
export const interrogate: ActionRule = {
  type: 'interrogate',
  cost: 0,
  claim: 'inquisitor',
  targeted: true,
  blockers: [],
  resolve: (d, p) => {
    if (p.target === null || d.peek(p.target).eliminated) return finish(d, 'no_effect');
    d.s.phase = 'interrogate_show';
  },
  phases: [show, decide],
  events: { interrogation_shown: redactShown, interrogation_decided: redactDecided },
};

/** Treason's second game: the inquisitor instead of the ambassador. */
export const inquisitors = defineRuleset({
  id: 'inquisitors',
  roles: ['duke', 'assassin', 'captain', 'inquisitor', 'contessa'],
  actions: [
    income,
    foreignAid,
    coup,
    tax,
    assassinate,
    steal(['captain', 'inquisitor']),
    exchange('inquisitor', 1),
    interrogate,
  ],
});
