import { describe, expect, it } from 'vitest';
import { eventFor, eventsFor, viewFor } from './index';
import type { GameEvent, PlayerView, Role } from './index';
import {
  SCENARIOS,
  act,
  exchangeReturnTwo,
  gameFrom,
  play,
  threeSeatOpening,
  truthfulContessaBlock,
  truthfulDukeChallenged,
} from './testing';

// RULES.md "What a seat sees": own cards, public facts, never others' face-down cards, the deck or the PRNG.

const PUBLIC_KEYS = ['coins', 'eliminated', 'faceDown', 'revealed', 'seat'];
const VIEW_KEYS = [
  'activeSeat',
  'deckSize',
  'losingSeat',
  'pending',
  'phase',
  'players',
  'ranking',
  'seat',
  'turn',
  'you',
];

/**
 * Structural check: only `you` holds cards (and `shown` only for the two seats of an interrogation);
 * nothing names the deck order, the PRNG or an interrogation's slot.
 */
function expectNoSecrets(v: PlayerView) {
  expect(Object.keys(v).sort()).toEqual(VIEW_KEYS);
  for (const p of v.players) expect(Object.keys(p).sort()).toEqual(PUBLIC_KEYS);
  const party =
    v.phase === 'interrogate_decide' && (v.pending?.actor === v.seat || v.pending?.target === v.seat);
  if (v.you)
    expect(
      Object.keys(v.you)
        .filter((k) => k !== 'drawn')
        .sort(),
    ).toEqual(party ? ['cards', 'coins', 'seat', 'shown'] : ['cards', 'coins', 'seat']);
  const json = JSON.stringify(v);
  expect(json).not.toMatch(/"deck"|"rng"|"drawn":\[\]|shownSlot/);
}

describe('viewFor', () => {
  it('a seat sees its own cards and public facts about everyone', () => {
    const s = threeSeatOpening().state;
    expect(viewFor(s, 1)).toEqual({
      seat: 1,
      phase: 'action',
      turn: 0,
      activeSeat: 0,
      deckSize: 9,
      you: {
        seat: 1,
        coins: 2,
        cards: [
          { role: 'captain', revealed: false },
          { role: 'contessa', revealed: false },
        ],
      },
      players: [0, 1, 2].map((seat) => ({ seat, coins: 2, faceDown: 2, revealed: [], eliminated: false })),
      pending: null,
      losingSeat: null,
      ranking: null,
    });
  });

  it('a spectator (null) sees only public facts', () => {
    const v = viewFor(threeSeatOpening().state, null);
    expect(v.seat).toBeNull();
    expect(v.you).toBeNull();
    expectNoSecrets(v);
  });

  it('an out-of-range seat gets the spectator view', () => {
    const s = threeSeatOpening().state;
    for (const seat of [3, -1, 1.5]) expect(viewFor(s, seat)).toEqual(viewFor(s, null));
  });

  it('shows revealed cards, the pending action with its claim, blocker and block role, and the losing seat', () => {
    const s = play(truthfulContessaBlock().state, [[0, act.challenge]]).state;
    const v = viewFor(s, 2);
    expect(v.pending).toEqual({
      action: 'assassinate',
      actor: 0,
      target: 1,
      claim: 'assassin',
      blocker: 1,
      blockRole: 'contessa',
    });
    expect(v.phase).toBe('lose_influence');
    expect(v.losingSeat).toBe(0);
    const after = play(s, [[0, act.loseCard(1)]]).state;
    expect(viewFor(after, 2).players[0]).toEqual({
      seat: 0,
      coins: 0,
      faceDown: 1,
      revealed: ['assassin'],
      eliminated: false,
    });
  });

  it('a replacement card stays secret: only its holder sees it', () => {
    const sc = truthfulDukeChallenged();
    const replacement = sc.state.players[0]!.cards[0]!.role;
    expect(viewFor(sc.state, 0).you!.cards[0]).toEqual({ role: replacement, revealed: false });
    const shown = sc.events.find((e) => e.type === 'card_shown')!;
    expect(eventFor(shown, 0)).toEqual(shown);
    expect(shown).toMatchObject({ slot: 0, replacement });
    for (const seat of [1, 2, null]) {
      expect(eventFor(shown, seat)).toStrictEqual({ type: 'card_shown', turn: 0, seat: 0, role: 'duke' });
    }
  });

  it('others cannot tell [captain, duke] from [duke, duke] when the duke is shown; the owner sees its slot', () => {
    const tell = (hand: Role[]) => {
      const hands: Role[][] = [hand, ['assassin', 'contessa'], ['ambassador', 'captain']];
      const sc = play(gameFrom(hands), [
        [0, act.tax],
        [1, act.challenge],
      ]);
      return (seat: number | null) => ({ events: eventsFor(sc.events, seat), view: viewFor(sc.state, seat) });
    };
    const lowDuke = tell(['duke', 'duke']); // the duke in slot 0 is shown (the lowest)
    const highDuke = tell(['captain', 'duke']); // the duke in slot 1 is shown
    for (const seat of [1, 2, null]) {
      expect(JSON.stringify(lowDuke(seat))).toBe(JSON.stringify(highDuke(seat)));
      expect(lowDuke(seat).events.find((e) => e.type === 'card_shown')).toStrictEqual({
        type: 'card_shown',
        turn: 0,
        seat: 0,
        role: 'duke',
      });
    }
    const own = (t: typeof lowDuke) => t(0).events.find((e) => e.type === 'card_shown');
    expect(own(lowDuke)).toMatchObject({ slot: 0, role: 'duke', replacement: expect.any(String) });
    expect(own(highDuke)).toMatchObject({ slot: 1, role: 'duke', replacement: expect.any(String) });
  });

  it('lists revealed roles in ROLES order, whichever slot they were in and whenever they were lost', () => {
    // Seat 1's slot order (contessa, duke) is not ROLES order (duke first).
    const hands: Role[][] = [
      ['duke', 'contessa'],
      ['contessa', 'duke'],
      ['captain', 'assassin'],
    ];
    const lose = (first: number, second: number) =>
      play(gameFrom(hands, { coins: [14, 7, 2] }), [
        [0, act.coup(1)],
        [1, act.loseCard(first)],
        [1, act.coup(0)],
        [0, act.loseCard(first)],
        [2, act.income],
        [0, act.coup(1)],
        [1, act.loseCard(second)],
      ]).state;
    for (const s of [lose(0, 1), lose(1, 0)]) {
      for (const seat of [0, 2, null]) {
        expect(viewFor(s, seat).players[1]!.revealed).toEqual(['duke', 'contessa']);
      }
    }
  });

  it('drawn cards are shown to the exchanging seat only, during exchange_return only', () => {
    const sc = exchangeReturnTwo();
    expect(viewFor(sc.state, 0).you!.drawn).toEqual(['contessa', 'captain']);
    for (const seat of [1, 2, null]) expectNoSecrets(viewFor(sc.state, seat));
    const before = play(sc.initial, [[0, act.exchange]]).state; // challenge window: nothing drawn yet
    expect(viewFor(before, 0).you).not.toHaveProperty('drawn');
  });

  it('a view is a copy: changing it does not change the state', () => {
    const s = truthfulContessaBlock().state;
    const json = JSON.stringify(s);
    const v = viewFor(s, 1);
    v.you!.cards[0]!.role = 'duke';
    v.you!.cards.push({ role: 'duke', revealed: true });
    v.pending!.blocker = 2;
    v.players[0]!.revealed.push('duke');
    expect(JSON.stringify(s)).toBe(json);
  });

  it.each(Object.entries(SCENARIOS))('%s: no view leaks a secret', (_n, make) => {
    const sc = make();
    for (let seat = 0; seat < sc.state.players.length; seat++) expectNoSecrets(viewFor(sc.state, seat));
    expectNoSecrets(viewFor(sc.state, null));
  });
});

describe('eventsFor', () => {
  it('removes private card identities and slots for everyone but their holder', () => {
    const events: GameEvent[] = [
      { type: 'card_shown', turn: 1, seat: 2, slot: 1, role: 'duke', replacement: 'captain' },
      { type: 'exchange_drawn', turn: 1, seat: 2, count: 2, roles: ['duke', 'contessa'] },
      { type: 'exchange_returned', turn: 1, seat: 2, count: 2, returned: ['duke', 'assassin'] },
      { type: 'influence_lost', turn: 1, seat: 2, slot: 0, role: 'assassin', reason: 'coup' },
    ];
    expect(eventsFor(events, 2)).toEqual(events);
    expect(eventsFor(events, 0)).toStrictEqual([
      { type: 'card_shown', turn: 1, seat: 2, role: 'duke' },
      { type: 'exchange_drawn', turn: 1, seat: 2, count: 2 },
      { type: 'exchange_returned', turn: 1, seat: 2, count: 2 },
      { type: 'influence_lost', turn: 1, seat: 2, role: 'assassin', reason: 'coup' },
    ]);
    expect(eventsFor(events, null)).toEqual(eventsFor(events, 0));
    expect(events[0]).toHaveProperty('replacement', 'captain'); // the input is not modified
  });
});
