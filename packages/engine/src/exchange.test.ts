import { describe, expect, it } from 'vitest';
import { applyAction, eventsFor, legalActions, pendingSeats, viewFor } from './index';
import type { Role } from './index';
import {
  FULL_DECK_SORTED,
  act,
  allCards,
  exchangeReturnOne,
  exchangeReturnTwo,
  gameFrom,
  play,
  sixSeatOpening,
} from './testing';

// RULES.md phase 6 `exchange_return`: indices into (face-down cards in slot order, then the drawn cards).

const sorted = (xs: readonly Role[]) => [...xs].sort();

describe('exchange with 2 face-down cards', () => {
  it('draws the top 2 cards; the actor alone sees them, and must return 2 of 4', () => {
    const sc = exchangeReturnTwo();
    const s = sc.state;
    expect(s.drawn).toEqual(['contessa', 'captain']);
    expect(s.deck).toEqual(sc.initial.deck.slice(2));
    expect(allCards(s)).toEqual(FULL_DECK_SORTED);
    expect(sc.events.at(-1)).toEqual({
      type: 'exchange_drawn',
      turn: 0,
      seat: 0,
      count: 2,
      roles: ['contessa', 'captain'],
    });
    expect(eventsFor(sc.events, 1).at(-1)).toEqual({ type: 'exchange_drawn', turn: 0, seat: 0, count: 2 });
    expect(pendingSeats(s)).toEqual([0]);
    expect(legalActions(s, 0)).toEqual([
      act.returnCards(0, 1),
      act.returnCards(0, 2),
      act.returnCards(0, 3),
      act.returnCards(1, 2),
      act.returnCards(1, 3),
      act.returnCards(2, 3),
    ]);
    expect(legalActions(s, 1)).toEqual([]);
    expect(viewFor(s, 0).you!.drawn).toEqual(['contessa', 'captain']);
    expect(viewFor(s, 0).deckSize).toBe(7);
    expect(viewFor(s, 1).you).not.toHaveProperty('drawn');
    expect(viewFor(s, 2).you).not.toHaveProperty('drawn');
    expect(JSON.stringify(viewFor(s, null))).not.toContain('drawn');
  });

  // Pool: [ambassador (slot 0), duke (slot 1), contessa (drawn 1), captain (drawn 2)].
  it.each<[number, number, [Role, Role], [Role, Role]]>([
    [0, 1, ['contessa', 'captain'], ['ambassador', 'duke']],
    [0, 2, ['duke', 'captain'], ['ambassador', 'contessa']],
    [0, 3, ['duke', 'contessa'], ['ambassador', 'captain']],
    [1, 2, ['ambassador', 'captain'], ['duke', 'contessa']],
    [1, 3, ['ambassador', 'contessa'], ['duke', 'captain']],
    [2, 3, ['ambassador', 'duke'], ['contessa', 'captain']],
  ])('return [%i, %i]: kept %j fill slots 0 and 1, %j go back to the deck', (i, j, kept, returned) => {
    const sc = exchangeReturnTwo();
    const r = play(sc.state, [[0, act.returnCards(i, j)]]);
    expect(r.state.players[0]!.cards).toEqual([
      { role: kept[0], revealed: false },
      { role: kept[1], revealed: false },
    ]);
    expect(r.state.drawn).toEqual([]);
    expect(r.state.deck).toHaveLength(9);
    expect(sorted(r.state.deck)).toEqual(sorted([...sc.state.deck, ...returned]));
    expect(r.state.rng).not.toEqual(sc.state.rng); // shuffled
    expect(allCards(r.state)).toEqual(FULL_DECK_SORTED);
    expect(r.events).toEqual([
      { type: 'exchange_returned', turn: 0, seat: 0, count: 2, returned },
      { type: 'resolved', turn: 0, seat: 0, action: 'exchange', target: null, outcome: 'done', coins: 0 },
      { type: 'turn_started', turn: 1, seat: 1 },
    ]);
    expect(eventsFor(r.events, 2)[0]).toEqual({ type: 'exchange_returned', turn: 0, seat: 0, count: 2 });
    expect(viewFor(r.state, 0).you).not.toHaveProperty('drawn');
  });

  it.each<[string, unknown]>([
    ['descending', [1, 0]],
    ['duplicate', [1, 1]],
    ['out of range', [0, 4]],
    ['negative', [-1, 0]],
    ['one index', [0]],
    ['three indices', [0, 1, 2]],
    ['strings', ['0', '1']],
    ['non-integers', [0.5, 1]],
    ['a string', '0,1'],
    ['missing', undefined],
  ])('rejects return_indices %s', (_n, return_indices) => {
    const s = exchangeReturnTwo().state;
    const r = applyAction(s, 0, { type: 'return_cards', data: { return_indices } } as never);
    expect(r).toMatchObject({ ok: false, error: { code: 'illegal_action' } });
  });
});

describe('exchange with 1 face-down card', () => {
  it('the pool is [face-down card, drawn 1, drawn 2]: 3 choices', () => {
    const s = exchangeReturnOne().state;
    expect(s.players[0]!.cards).toEqual([
      { role: 'ambassador', revealed: true },
      { role: 'duke', revealed: false },
    ]);
    expect(s.drawn).toEqual(['contessa', 'captain']);
    expect(legalActions(s, 0)).toEqual([act.returnCards(0, 1), act.returnCards(0, 2), act.returnCards(1, 2)]);
    expect(applyAction(s, 0, act.returnCards(2, 3))).toMatchObject({
      ok: false,
      error: { code: 'illegal_action' },
    });
  });

  it.each<[number, number, Role]>([
    [0, 1, 'captain'],
    [0, 2, 'contessa'],
    [1, 2, 'duke'],
  ])('return [%i, %i]: %s is kept in slot 1; the revealed slot 0 does not move', (i, j, kept) => {
    const sc = exchangeReturnOne();
    const r = play(sc.state, [[0, act.returnCards(i, j)]]);
    expect(r.state.players[0]!.cards).toEqual([
      { role: 'ambassador', revealed: true },
      { role: kept, revealed: false },
    ]);
    expect(r.state.deck).toHaveLength(sc.state.deck.length + 2);
    expect(allCards(r.state)).toEqual(FULL_DECK_SORTED);
  });
});

describe('a challenged exchange', () => {
  it('truthful: the ambassador is replaced first, then 2 cards are drawn from the shuffled deck', () => {
    const s = gameFrom(
      [
        ['ambassador', 'duke'],
        ['captain', 'contessa'],
        ['assassin', 'duke'],
      ],
      { deckTop: ['contessa', 'captain'] },
    );
    const r = play(s, [
      [0, act.exchange],
      [2, act.challenge],
      [1, act.pass],
      [2, act.loseCard(0)],
    ]);
    const shown = r.events.find((e) => e.type === 'card_shown');
    expect(shown).toMatchObject({ seat: 0, slot: 0, role: 'ambassador' });
    expect(r.state.phase).toBe('exchange_return');
    expect(r.state.drawn).toHaveLength(2);
    expect(r.state.deck).toHaveLength(7);
    expect(allCards(r.state)).toEqual(FULL_DECK_SORTED);
    expect(legalActions(r.state, 0)).toHaveLength(6);
  });

  it('bluffed: cancelled, nothing drawn', () => {
    const s = gameFrom(
      [
        ['ambassador', 'duke'],
        ['captain', 'contessa'],
        ['assassin', 'duke'],
      ],
      { firstSeat: 1 },
    );
    const r = play(s, [
      [1, act.exchange],
      [2, act.challenge],
      [1, act.loseCard(0)],
    ]);
    expect(r.state.deck).toEqual(s.deck);
    expect(r.state.drawn).toEqual([]);
    expect(r.events.at(-2)).toMatchObject({ type: 'resolved', action: 'exchange', outcome: 'cancelled' });
  });
});

describe('exchange with 6 seats (a deck of 3)', () => {
  it('draws 2 of the 3 cards, leaving 1, and returns 2 (no coins move, nobody may block)', () => {
    const sc = sixSeatOpening();
    const r = play(sc.state, [
      [0, act.exchange],
      ...[1, 2, 3, 4, 5].map((seat) => [seat, act.pass] as const),
    ]);
    expect(r.state.pending).toMatchObject({ action: 'exchange', claim: 'ambassador' });
    expect(r.state.phase).toBe('exchange_return');
    expect(r.state.drawn).toEqual(['captain', 'ambassador']);
    expect(r.state.deck).toEqual(['contessa']);
    const end = play(r.state, [[0, act.returnCards(0, 1)]]);
    expect(end.state.players[0]!.cards.map((c) => c.role)).toEqual(['captain', 'ambassador']);
    expect(sorted(end.state.deck)).toEqual(['assassin', 'contessa', 'duke']);
    expect(end.state.players.map((p) => p.coins)).toEqual([2, 2, 2, 2, 2, 2]);
    expect(allCards(end.state)).toEqual(FULL_DECK_SORTED);
  });
});
