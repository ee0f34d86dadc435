import { shuffleInPlace } from '@coup/random';
import { describe, expect, it } from 'vitest';
import { applyAction, defaultAction, eventsFor, legalActions, pendingSeats, viewFor } from './index';
import type { GameEvent } from './index';
import {
  INQUISITOR_HANDS_3,
  act,
  allCards,
  checkInvariants,
  fullDeckSorted,
  gameFrom,
  interrogationDecide,
  interrogationShow,
  play,
} from './testing';

// RULES.md "Ruleset `inquisitors`": interrogate (cost 0, claims the inquisitor, targets another living
// seat, can be challenged, cannot be blocked); the target shows a face-down card of its choice to the
// interrogator only, who lets it keep the card or forces an exchange.

const last = (events: readonly GameEvent[], type: GameEvent['type']) =>
  events.filter((e) => e.type === type).at(-1);

describe('interrogate, unchallenged', () => {
  it('is listed for each other living seat, costs nothing, claims the inquisitor and opens a challenge window', () => {
    const s = gameFrom(INQUISITOR_HANDS_3, { ruleset: 'inquisitors' });
    const legal = legalActions(s, 0);
    expect(legal.filter((a) => a.type === 'interrogate')).toEqual([act.interrogate(1), act.interrogate(2)]);
    // Listed last, after the exchange.
    expect(legal.slice(-3).map((a) => a.type)).toEqual(['exchange', 'interrogate', 'interrogate']);
    const { state, events } = play(s, [[0, act.interrogate(1)]]);
    expect(events).toEqual([
      { type: 'declared', turn: 0, seat: 0, action: 'interrogate', target: 1, claim: 'inquisitor', cost: 0 },
    ]);
    expect(state.players[0]!.coins).toBe(2);
    expect(state.phase).toBe('challenge_action');
    expect(pendingSeats(state)).toEqual([1, 2]);
  });

  it('cannot be blocked: once nobody challenges, the target shows a card of its choice', () => {
    const sc = interrogationShow();
    expect(sc.state.phase).toBe('interrogate_show');
    expect(sc.events.some((e) => e.type === 'blocked')).toBe(false);
    expect(pendingSeats(sc.state)).toEqual([1]);
    expect(legalActions(sc.state, 1)).toEqual([act.showCard(0), act.showCard(1)]);
    for (const seat of [0, 2]) expect(legalActions(sc.state, seat)).toEqual([]);
    checkInvariants(sc.state);
  });

  it('shows the card to the interrogator only; the target alone learns nothing new but its slot is kept', () => {
    const sc = interrogationDecide();
    const s = sc.state;
    expect(s.phase).toBe('interrogate_decide');
    expect(s.shownSlot).toBe(1);
    expect(pendingSeats(s)).toEqual([0]);
    expect(legalActions(s, 0)).toEqual([act.allow, act.forceExchange]);
    const shown = last(sc.events, 'interrogation_shown')!;
    expect(shown).toEqual({
      type: 'interrogation_shown',
      turn: 0,
      seat: 1,
      interrogator: 0,
      slot: 1,
      role: 'contessa',
    });
    expect(eventsFor([shown], 1)).toEqual([shown]);
    expect(eventsFor([shown], 0)).toStrictEqual([
      { type: 'interrogation_shown', turn: 0, seat: 1, interrogator: 0, role: 'contessa' },
    ]);
    for (const seat of [2, null])
      expect(eventsFor([shown], seat)).toStrictEqual([
        { type: 'interrogation_shown', turn: 0, seat: 1, interrogator: 0 },
      ]);
    expect(viewFor(s, 0).you!.shown).toBe('contessa');
    expect(viewFor(s, 1).you!.shown).toBe('contessa');
    expect(viewFor(s, 2).you).not.toHaveProperty('shown');
    expect(JSON.stringify(viewFor(s, null))).not.toContain('contessa');
    expect(JSON.stringify(viewFor(s, 2))).not.toContain('contessa');
  });

  it('allowed: the target keeps its card, the deck and the PRNG are untouched, the turn passes', () => {
    const sc = interrogationDecide();
    const { state, events } = play(sc.state, [[0, act.allow]]);
    expect(state.players[1]!.cards).toEqual(sc.state.players[1]!.cards);
    expect(state.deck).toEqual(sc.state.deck);
    expect(state.rng).toEqual(sc.state.rng);
    expect(state.shownSlot).toBeNull();
    expect(events).toEqual([
      {
        type: 'interrogation_decided',
        turn: 0,
        seat: 0,
        target: 1,
        forced: false,
        role: 'contessa',
        slot: 1,
      },
      { type: 'resolved', turn: 0, seat: 0, action: 'interrogate', target: 1, outcome: 'done', coins: 0 },
      { type: 'turn_started', turn: 1, seat: 1 },
    ]);
    expect(eventsFor(events, 0)[0]).toStrictEqual({
      type: 'interrogation_decided',
      turn: 0,
      seat: 0,
      target: 1,
      forced: false,
      role: 'contessa',
    });
    expect(eventsFor(events, 2)[0]).toStrictEqual({
      type: 'interrogation_decided',
      turn: 0,
      seat: 0,
      target: 1,
      forced: false,
    });
    checkInvariants(state);
  });

  it('forced: the shown card is shuffled into the deck and the target draws a secret replacement into its slot', () => {
    const sc = interrogationDecide();
    const { state, events } = play(sc.state, [[0, act.forceExchange]]);
    // The same shuffle as a challenge's: the shown card joins the deck, the state's PRNG shuffles it, the
    // top card is drawn.
    const deck = [...sc.state.deck, 'contessa' as const];
    const rng = shuffleInPlace(sc.state.rng, deck);
    const replacement = deck.shift()!;
    expect(state.rng).toEqual(rng);
    expect(state.deck).toEqual(deck);
    expect(state.players[1]!.cards).toEqual([
      { role: 'captain', revealed: false },
      { role: replacement, revealed: false },
    ]);
    expect(state.shownSlot).toBeNull();
    expect(allCards(state)).toEqual(fullDeckSorted('inquisitors'));
    const decided = events[0]!;
    expect(decided).toEqual({
      type: 'interrogation_decided',
      turn: 0,
      seat: 0,
      target: 1,
      forced: true,
      role: 'contessa',
      slot: 1,
      replacement,
    });
    expect(eventsFor([decided], 1)).toEqual([decided]);
    expect(eventsFor([decided], 0)).toStrictEqual([
      { type: 'interrogation_decided', turn: 0, seat: 0, target: 1, forced: true, role: 'contessa' },
    ]);
    for (const seat of [2, null])
      expect(eventsFor([decided], seat)).toStrictEqual([
        { type: 'interrogation_decided', turn: 0, seat: 0, target: 1, forced: true },
      ]);
    expect(events.slice(1).map((e) => e.type)).toEqual(['resolved', 'turn_started']);
    checkInvariants(state);
  });

  it('a target with one face-down card shows that one', () => {
    const s0 = gameFrom(INQUISITOR_HANDS_3, { ruleset: 'inquisitors', coins: [2, 2, 7], firstSeat: 2 });
    const { state } = play(s0, [
      [2, act.coup(1)],
      [1, act.loseCard(0)],
      [0, act.interrogate(1)],
      [1, act.pass],
      [2, act.pass],
    ]);
    expect(legalActions(state, 1)).toEqual([act.showCard(1)]);
    expect(applyAction(state, 1, act.showCard(0))).toMatchObject({
      ok: false,
      error: { code: 'illegal_action' },
    });
  });

  it('refuses answers out of turn and answers of the other phase', () => {
    const show = interrogationShow().state;
    expect(applyAction(show, 1, act.allow)).toMatchObject({ ok: false, error: { code: 'illegal_action' } });
    expect(applyAction(show, 0, act.showCard(0))).toMatchObject({
      ok: false,
      error: { code: 'not_pending' },
    });
    const decide = interrogationDecide().state;
    expect(applyAction(decide, 1, act.allow)).toMatchObject({ ok: false, error: { code: 'not_pending' } });
    expect(applyAction(decide, 0, act.showCard(0))).toMatchObject({
      ok: false,
      error: { code: 'illegal_action' },
    });
  });
});

describe('interrogate, challenged', () => {
  it('a true claim: the interrogator shows its inquisitor, the challenger loses a card, the interrogation goes on', () => {
    const s = gameFrom(INQUISITOR_HANDS_3, { ruleset: 'inquisitors', deckTop: ['captain'] });
    const { state, events } = play(s, [
      [0, act.interrogate(1)],
      [1, act.challenge],
      [1, act.loseCard(0)],
    ]);
    expect(events.find((e) => e.type === 'challenged')).toMatchObject({
      seat: 1,
      challenged: 0,
      claim: 'inquisitor',
      against: 'action',
      truthful: true,
    });
    expect(events.find((e) => e.type === 'card_shown')).toMatchObject({
      seat: 0,
      slot: 0,
      role: 'inquisitor',
    });
    expect(state.phase).toBe('interrogate_show');
    expect(pendingSeats(state)).toEqual([1]);
    // The challenger lost its captain (slot 0): only the contessa is left to show.
    expect(legalActions(state, 1)).toEqual([act.showCard(1)]);
    const done = play(state, [
      [1, act.showCard(1)],
      [0, act.allow],
    ]);
    expect(done.state.activeSeat).toBe(1);
    checkInvariants(done.state);
  });

  it('a bluff: the interrogator loses a card and nothing is shown', () => {
    // Seat 1 holds no inquisitor.
    const s = gameFrom(INQUISITOR_HANDS_3, { ruleset: 'inquisitors', firstSeat: 1 });
    const { state, events } = play(s, [
      [1, act.interrogate(0)],
      [2, act.pass],
      [0, act.challenge],
      [1, act.loseCard(1)],
    ]);
    expect(events.find((e) => e.type === 'challenged')).toMatchObject({ truthful: false });
    expect(events.some((e) => e.type.startsWith('interrogation_'))).toBe(false);
    expect(last(events, 'resolved')).toMatchObject({ action: 'interrogate', outcome: 'cancelled' });
    expect(state.phase).toBe('action');
    expect(state.activeSeat).toBe(2);
  });

  it('a target that challenges a true claim with its last card is out: the interrogation has no effect', () => {
    const s0 = gameFrom(INQUISITOR_HANDS_3, { ruleset: 'inquisitors', coins: [2, 2, 7], firstSeat: 2 });
    const { state, events } = play(s0, [
      [2, act.coup(1)],
      [1, act.loseCard(0)],
      [0, act.interrogate(1)],
      [1, act.challenge],
      [1, act.loseCard(1)],
    ]);
    expect(state.players[1]!.eliminated).toBe(true);
    expect(last(events, 'resolved')).toMatchObject({ action: 'interrogate', outcome: 'no_effect' });
    expect(state.phase).toBe('action');
    expect(state.activeSeat).toBe(2);
  });
});

describe('default answers (faults)', () => {
  it('show_card: the lowest face-down card; interrogate_decide: allow', () => {
    expect(defaultAction(interrogationShow().state, 1)).toEqual(act.showCard(0));
    expect(defaultAction(interrogationShow().state, 0)).toBeNull();
    expect(defaultAction(interrogationDecide().state, 0)).toEqual(act.allow);
    expect(defaultAction(interrogationDecide().state, 1)).toBeNull();
  });
});
