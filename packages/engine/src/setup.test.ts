import { describe, expect, it } from 'vitest';
import { ENGINE_VERSION, createGame, fullDeck, legalActions, pendingSeats, ranking } from './index';
import type { Role } from './index';
import {
  FULL_DECK_SORTED,
  HANDS_3,
  SCENARIOS,
  allCards,
  deckFor,
  fullDeckSorted,
  gameFrom,
  roleCounts,
} from './testing';

// RULES.md "Setup": seats, deck, deal, coins, first seat, explicit setups.

describe('createGame from a seed', () => {
  it.each([2, 3, 4, 5, 6])(
    'deals %i seats 2 face-down cards and 2 coins each, 3 of each role in all',
    (n) => {
      const s = createGame({ players: n, seed: `deal-${n}` });
      expect(s.players).toHaveLength(n);
      for (const p of s.players) {
        expect(p.coins).toBe(2);
        expect(p.eliminated).toBe(false);
        expect(p.cards).toHaveLength(2);
        expect(p.cards.every((c) => !c.revealed)).toBe(true);
      }
      expect(s.deck).toHaveLength(15 - 2 * n);
      expect(allCards(s)).toEqual(FULL_DECK_SORTED);
      expect(s).toMatchObject({ phase: 'action', turn: 0, pending: null, window: null, drawn: [] });
      expect(s.engineVersion).toBe(ENGINE_VERSION);
      expect(s.activeSeat).toBeGreaterThanOrEqual(0);
      expect(s.activeSeat).toBeLessThan(n);
      expect(pendingSeats(s)).toEqual([s.activeSeat]);
    },
  );

  it('is a pure function of the seed', () => {
    expect(JSON.stringify(createGame({ players: 4, seed: 'same' }))).toBe(
      JSON.stringify(createGame({ players: 4, seed: 'same' })),
    );
    const decks = new Set(
      Array.from({ length: 20 }, (_, i) => createGame({ players: 4, seed: `s${i}` }).deck.join()),
    );
    expect(decks.size).toBeGreaterThan(15);
  });

  it('draws the first seat with the PRNG (every seat comes up over many seeds)', () => {
    const seen = new Set(
      Array.from({ length: 200 }, (_, i) => createGame({ players: 6, seed: `f${i}` }).activeSeat),
    );
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('deals from the front of the shuffled deck (deck[0] is the top)', () => {
    // Re-deal by hand: the PRNG shuffles fullDeck(), then seats take cards round by round from the front.
    const s = createGame({ players: 3, seed: 'front' });
    const dealt = [...s.players[0]!.cards, ...s.players[1]!.cards, ...s.players[2]!.cards].map((c) => c.role);
    expect([...dealt, ...s.deck].sort()).toEqual([...fullDeck()].sort());
  });

  it.each([1, 7, 0, 2.5, NaN])('rejects %s seats', (n) => {
    expect(() => createGame({ players: n, seed: 'x' })).toThrow();
  });
});

describe('createGame from an explicit setup', () => {
  it('uses hands, coins, deck order and first seat as given (no shuffle)', () => {
    const deck = deckFor(HANDS_3, ['contessa', 'duke']);
    const s = createGame({
      players: 3,
      seed: 'x',
      setup: { hands: HANDS_3, coins: [1, 5, 9], deck, firstSeat: 2 },
    });
    expect(s.players).toEqual([
      {
        coins: 1,
        eliminated: false,
        cards: [
          { role: 'duke', revealed: false },
          { role: 'assassin', revealed: false },
        ],
      },
      {
        coins: 5,
        eliminated: false,
        cards: [
          { role: 'captain', revealed: false },
          { role: 'contessa', revealed: false },
        ],
      },
      {
        coins: 9,
        eliminated: false,
        cards: [
          { role: 'ambassador', revealed: false },
          { role: 'duke', revealed: false },
        ],
      },
    ]);
    expect(s.deck).toEqual(deck);
    expect(s.deck.slice(0, 2)).toEqual(['contessa', 'duke']);
    expect(s.activeSeat).toBe(2);
    expect(s.turn).toBe(0);
  });

  it('defaults coins to 2 each and draws the first seat with the PRNG when absent', () => {
    const mk = (seed: string) =>
      createGame({ players: 3, seed, setup: { hands: HANDS_3, deck: deckFor(HANDS_3) } });
    expect(mk('a').players.map((p) => p.coins)).toEqual([2, 2, 2]);
    expect(mk('a').activeSeat).toBe(mk('a').activeSeat);
    const seats = new Set(Array.from({ length: 60 }, (_, i) => mk(`seed${i}`).activeSeat));
    expect([...seats].sort()).toEqual([0, 1, 2]);
  });

  it('does not keep references to the setup arrays', () => {
    const hands = HANDS_3.map((h) => [...h]);
    const deck = deckFor(hands);
    const s = createGame({ players: 3, seed: 'x', setup: { hands, deck, firstSeat: 0 } });
    hands[0]![0] = 'contessa';
    deck[0] = 'contessa';
    expect(s.players[0]!.cards[0]!.role).toBe('duke');
    expect(s.deck[0]).toBe('duke');
  });

  const hands = HANDS_3;
  it.each<[string, () => unknown]>([
    ['4 dukes', () => ({ hands, deck: deckFor(hands).map((r, i) => (i === 1 ? 'duke' : r)) })],
    ['14 cards', () => ({ hands, deck: deckFor(hands).slice(1) })],
    ['16 cards', () => ({ hands, deck: [...deckFor(hands), 'duke'] })],
    ['an unknown role', () => ({ hands, deck: [...deckFor(hands).slice(1), 'jester'] })],
    ['2 hands for 3 seats', () => ({ hands: hands.slice(0, 2), deck: deckFor(hands) })],
    ['a hand of 3', () => ({ hands: [['duke', 'duke', 'duke'], ...hands.slice(1)], deck: deckFor(hands) })],
    ['negative coins', () => ({ hands, deck: deckFor(hands), coins: [-1, 2, 2] })],
    ['coins for 2 seats', () => ({ hands, deck: deckFor(hands), coins: [2, 2] })],
    ['first seat 3', () => ({ hands, deck: deckFor(hands), firstSeat: 3 })],
  ])('rejects a setup with %s', (_name, setup) => {
    expect(() => createGame({ players: 3, seed: 'x', setup: setup() as never })).toThrow();
  });
});

describe('deckFor', () => {
  it('completes the hands to 3 of each role: given top first, then the rest in role order', () => {
    const deck = deckFor(HANDS_3, ['captain']);
    expect(deck).toEqual([
      'captain',
      'duke',
      'assassin',
      'assassin',
      'captain',
      'ambassador',
      'ambassador',
      'contessa',
      'contessa',
    ]);
    expect(roleCounts([...HANDS_3.flat(), ...deck])).toEqual({
      duke: 3,
      assassin: 3,
      captain: 3,
      ambassador: 3,
      contessa: 3,
    });
  });

  it('throws when the hands and top use more than 3 of a role', () => {
    expect(() => deckFor(HANDS_3, ['duke', 'duke'])).toThrow(/duke/);
    expect(() =>
      deckFor([
        ['duke', 'duke'],
        ['duke', 'duke'],
      ] as Role[][]),
    ).toThrow(/duke/);
  });

  it('gameFrom builds a valid game (first seat 0 by default)', () => {
    const s = gameFrom(HANDS_3, { coins: [3, 4, 5] });
    expect(s.activeSeat).toBe(0);
    expect(s.players.map((p) => p.coins)).toEqual([3, 4, 5]);
    expect(allCards(s)).toEqual(FULL_DECK_SORTED);
  });
});

describe('the shared scenarios', () => {
  it.each(Object.entries(SCENARIOS))(
    '%s: conserves the 15 cards, is serialisable, and someone must answer',
    (_n, make) => {
      const sc = make();
      expect(allCards(sc.state)).toEqual(fullDeckSorted(sc.state.ruleset));
      expect(JSON.parse(JSON.stringify(sc.state))).toEqual(sc.state);
      expect(sc.state.phase).not.toBe('game_over');
      expect(ranking(sc.state)).toEqual([]);
      const pending = pendingSeats(sc.state);
      expect(pending.length).toBeGreaterThan(0);
      for (const seat of pending) expect(legalActions(sc.state, seat).length).toBeGreaterThan(0);
    },
  );
});
