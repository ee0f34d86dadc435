import { describe, expect, it } from 'vitest';
import { defaultAction, eventsFor, legalActions, pendingSeats, viewFor } from './index';
import type { GameEvent } from './index';
import {
  INQUISITOR_HANDS_3,
  act,
  allCards,
  checkInvariants,
  fullDeckSorted,
  gameFrom,
  inquisitorExchange,
  inquisitorStealBlockWindow,
  interrogationDecide,
  interrogationShow,
  play,
  stealBlockWindow,
} from './testing';

// RULES.md "Ruleset `inquisitors`": the inquisitor's exchange of one card, its block of a steal, and
// forfeits during the interrogation's phases.

const types = (events: readonly GameEvent[]) => events.map((e) => e.type);

describe('exchange, claiming the inquisitor', () => {
  it('claims the inquisitor, draws 1 card that the actor alone sees, and returns 1 of 3', () => {
    const sc = inquisitorExchange();
    const s = sc.state;
    expect(sc.events[0]).toMatchObject({ type: 'declared', action: 'exchange', claim: 'inquisitor' });
    expect(s.phase).toBe('exchange_return');
    expect(s.drawn).toEqual(['captain']);
    expect(s.deck).toEqual(sc.initial.deck.slice(1));
    expect(sc.events.at(-1)).toEqual({
      type: 'exchange_drawn',
      turn: 0,
      seat: 0,
      count: 1,
      roles: ['captain'],
    });
    expect(eventsFor(sc.events, 1).at(-1)).toEqual({ type: 'exchange_drawn', turn: 0, seat: 0, count: 1 });
    expect(viewFor(s, 0).you!.drawn).toEqual(['captain']);
    expect(viewFor(s, 1).you).not.toHaveProperty('drawn');
    // One index into [inquisitor (slot 0), duke (slot 1), captain (drawn)].
    expect(legalActions(s, 0)).toEqual([act.returnCard(0), act.returnCard(1), act.returnCard(2)]);
    expect(defaultAction(s, 0)).toEqual(act.returnCard(2));
  });

  it.each([
    [0, ['duke', 'captain'], 'inquisitor'],
    [1, ['inquisitor', 'captain'], 'duke'],
    [2, ['inquisitor', 'duke'], 'captain'],
  ] as const)('return [%i]: keeps %j in slots 0 and 1, returns %s to the deck', (i, kept, returned) => {
    const sc = inquisitorExchange();
    const { state, events } = play(sc.state, [[0, act.returnCard(i)]]);
    expect(state.players[0]!.cards.map((c) => c.role)).toEqual(kept);
    expect(state.drawn).toEqual([]);
    expect(state.deck).toHaveLength(sc.state.deck.length + 1);
    expect(events[0]).toEqual({
      type: 'exchange_returned',
      turn: 0,
      seat: 0,
      count: 1,
      returned: [returned],
    });
    expect(eventsFor(events, 2)[0]).toEqual({ type: 'exchange_returned', turn: 0, seat: 0, count: 1 });
    expect(allCards(state)).toEqual(fullDeckSorted('inquisitors'));
    checkInvariants(state);
  });

  it('with one face-down card, the pool is that card and the drawn one', () => {
    const s0 = gameFrom(INQUISITOR_HANDS_3, {
      ruleset: 'inquisitors',
      coins: [2, 7, 2],
      firstSeat: 1,
      deckTop: ['captain'],
    });
    const { state } = play(s0, [
      [1, act.coup(0)],
      [0, act.loseCard(1)],
      [2, act.income],
      [0, act.exchange],
      [1, act.pass],
      [2, act.pass],
    ]);
    expect(legalActions(state, 0)).toEqual([act.returnCard(0), act.returnCard(1)]);
    const { state: after } = play(state, [[0, act.returnCard(0)]]);
    expect(after.players[0]!.cards).toEqual([
      { role: 'captain', revealed: false },
      { role: 'duke', revealed: true },
    ]);
  });

  it('a challenged inquisitor exchange without the inquisitor is cancelled', () => {
    const s = gameFrom(INQUISITOR_HANDS_3, { ruleset: 'inquisitors', firstSeat: 1 });
    const { state, events } = play(s, [
      [1, act.exchange],
      [2, act.challenge],
      [1, act.loseCard(0)],
    ]);
    expect(events.find((e) => e.type === 'challenged')).toMatchObject({
      claim: 'inquisitor',
      truthful: false,
    });
    expect(events.at(-2)).toMatchObject({ type: 'resolved', action: 'exchange', outcome: 'cancelled' });
    expect(state.drawn).toEqual([]);
  });
});

describe('a steal, blocked with the inquisitor', () => {
  it('the target may claim the captain or the inquisitor (no ambassador in this game)', () => {
    const s = inquisitorStealBlockWindow().state;
    expect(pendingSeats(s)).toEqual([0]);
    expect(legalActions(s, 0)).toEqual([act.block('captain'), act.block('inquisitor'), act.pass]);
    // In `original` the same window offers the ambassador instead.
    expect(legalActions(stealBlockWindow().state, 1)).toEqual([
      act.block('captain'),
      act.block('ambassador'),
      act.pass,
    ]);
  });

  it('a true inquisitor block stands when challenged: the inquisitor is shown, the challenger loses a card', () => {
    const sc = inquisitorStealBlockWindow();
    const { state, events } = play(sc.state, [
      [0, act.block('inquisitor')],
      [1, act.challenge],
      [1, act.loseCard(1)],
    ]);
    expect(events[0]).toEqual({ type: 'blocked', turn: 0, seat: 0, actor: 1, role: 'inquisitor' });
    expect(events.find((e) => e.type === 'challenged')).toMatchObject({
      claim: 'inquisitor',
      against: 'block',
      truthful: true,
    });
    expect(events.find((e) => e.type === 'card_shown')).toMatchObject({ seat: 0, role: 'inquisitor' });
    expect(events.find((e) => e.type === 'resolved')).toMatchObject({ action: 'steal', outcome: 'blocked' });
    expect(state.players.map((p) => p.coins)).toEqual([2, 2, 2]);
    checkInvariants(state);
  });

  it('an unchallenged inquisitor block stops the steal', () => {
    const { state, events } = play(inquisitorStealBlockWindow().state, [
      [0, act.block('inquisitor')],
      [1, act.pass],
    ]);
    expect(events.find((e) => e.type === 'resolved')).toMatchObject({ action: 'steal', outcome: 'blocked' });
    expect(state.players.map((p) => p.coins)).toEqual([2, 2, 2]);
  });
});

describe('forfeits during an interrogation', () => {
  it('the target, while it must show: it is out, the interrogation has no effect, the turn passes', () => {
    const { state, events } = play(interrogationShow().state, [[1, 'forfeit']]);
    expect(state.players[1]!.eliminated).toBe(true);
    expect(types(events)).toEqual([
      'forfeited',
      'influence_lost',
      'influence_lost',
      'eliminated',
      'resolved',
      'turn_started',
    ]);
    expect(events.find((e) => e.type === 'resolved')).toMatchObject({
      action: 'interrogate',
      outcome: 'no_effect',
    });
    expect(state.activeSeat).toBe(2);
    checkInvariants(state);
  });

  it('the interrogator, while the target must show: the turn passes, nothing is shown', () => {
    const { state, events } = play(interrogationShow().state, [[0, 'forfeit']]);
    expect(types(events)).toEqual([
      'forfeited',
      'influence_lost',
      'influence_lost',
      'eliminated',
      'turn_started',
    ]);
    expect(state.phase).toBe('action');
    expect(state.activeSeat).toBe(1);
    checkInvariants(state);
  });

  it('the interrogator, while it decides: no exchange, the slot is forgotten, the turn passes', () => {
    const sc = interrogationDecide();
    const { state } = play(sc.state, [[0, 'forfeit']]);
    expect(state.players[1]!.cards).toEqual(sc.state.players[1]!.cards);
    expect(state.shownSlot).toBeNull();
    expect(state.activeSeat).toBe(1);
    checkInvariants(state);
  });

  it('the target, while the interrogator decides: the interrogation has no effect', () => {
    const { state, events } = play(interrogationDecide().state, [[1, 'forfeit']]);
    expect(events.find((e) => e.type === 'resolved')).toMatchObject({ outcome: 'no_effect' });
    expect(state.shownSlot).toBeNull();
    expect(state.activeSeat).toBe(2);
    checkInvariants(state);
  });

  it('a third seat: the interrogation goes on as before', () => {
    const show = play(interrogationShow().state, [[2, 'forfeit']]).state;
    expect(show.phase).toBe('interrogate_show');
    expect(pendingSeats(show)).toEqual([1]);
    const decide = play(interrogationDecide().state, [[2, 'forfeit']]).state;
    expect(decide.phase).toBe('interrogate_decide');
    expect(decide.shownSlot).toBe(1);
    expect(pendingSeats(decide)).toEqual([0]);
  });

  it('heads-up, a forfeit while deciding ends the game and forgets the slot', () => {
    const s0 = gameFrom(
      [
        ['inquisitor', 'duke'],
        ['captain', 'contessa'],
      ],
      { ruleset: 'inquisitors' },
    );
    const { state } = play(s0, [
      [0, act.interrogate(1)],
      [1, act.pass],
      [1, act.showCard(0)],
      [1, 'forfeit'],
    ]);
    expect(state.phase).toBe('game_over');
    expect(state.shownSlot).toBeNull();
    checkInvariants(state);
  });

  it('the exchanging seat, while it returns: the drawn card goes back to the deck', () => {
    const { state } = play(inquisitorExchange().state, [[0, 'forfeit']]);
    expect(state.drawn).toEqual([]);
    expect(state.deck).toHaveLength(inquisitorExchange().initial.deck.length);
    expect(allCards(state)).toEqual(fullDeckSorted('inquisitors'));
  });
});
