import { describe, expect, it } from 'vitest';
import { applyAction, legalActions, pendingSeats, ranking } from './index';
import type { GameEvent, GameState, Role } from './index';
import {
  FULL_DECK_SORTED,
  act,
  allCards,
  bluffedDukeChallenged,
  challengeActionWindow,
  duplicateDukeChallenged,
  gameFrom,
  headsUpLastCards,
  play,
  revealedDukeThenChallenged,
  targetOnLastCard,
  truthfulDukeChallenged,
} from './testing';

// RULES.md "Resolving a challenge" and the challenge_action window.

const sorted = (xs: readonly Role[]) => [...xs].sort();
const shown = (events: readonly GameEvent[]) =>
  events.find((e): e is Extract<GameEvent, { type: 'card_shown' }> => e.type === 'card_shown');

/** The deck after showing `claim` and drawing `replacement`: same size, one card swapped. */
function expectSwapped(before: GameState, after: GameState, claim: Role, replacement: Role) {
  expect(after.deck).toHaveLength(before.deck.length);
  const expected = [...before.deck, claim];
  expected.splice(expected.indexOf(replacement), 1);
  expect(sorted(after.deck)).toEqual(sorted(expected));
  expect(after.rng).not.toEqual(before.rng); // the deck was shuffled with the shown card
  expect(allCards(after)).toEqual(FULL_DECK_SORTED);
}

describe('a truthful claim survives a challenge', () => {
  it('the duke in the lowest face-down slot is shown, shuffled in, replaced from the deck into the same slot', () => {
    const sc = truthfulDukeChallenged();
    const s = sc.state;
    const e = shown(sc.events)!;
    const replacement = s.players[0]!.cards[0]!.role;
    expect(sc.events).toEqual([
      { type: 'declared', turn: 0, seat: 0, action: 'tax', target: null, claim: 'duke', cost: 0 },
      {
        type: 'challenged',
        turn: 0,
        seat: 1,
        challenged: 0,
        claim: 'duke',
        against: 'action',
        truthful: true,
      },
      { type: 'card_shown', turn: 0, seat: 0, slot: 0, role: 'duke', replacement },
    ]);
    expect(e.replacement).toBe(replacement);
    expect(s.players[0]!.cards).toEqual([
      { role: replacement, revealed: false },
      { role: 'assassin', revealed: false },
    ]);
    expectSwapped(sc.initial, s, 'duke', replacement);
    // The challenger loses 1 influence; only it has a decision.
    expect(s.phase).toBe('lose_influence');
    expect(pendingSeats(s)).toEqual([1]);
    expect(legalActions(s, 1)).toEqual([act.loseCard(0), act.loseCard(1)]);
    expect(legalActions(s, 0)).toEqual([]);
    expect(legalActions(s, 2)).toEqual([]);
  });

  it('then the claim stands: the tax resolves (no block window) and the turn passes', () => {
    const r = play(truthfulDukeChallenged().state, [[1, act.loseCard(1)]]);
    expect(r.events).toEqual([
      { type: 'influence_lost', turn: 0, seat: 1, slot: 1, role: 'contessa', reason: 'challenge' },
      { type: 'resolved', turn: 0, seat: 0, action: 'tax', target: null, outcome: 'done', coins: 3 },
      { type: 'turn_started', turn: 1, seat: 1 },
    ]);
    expect(r.state.players.map((p) => p.coins)).toEqual([5, 2, 2]);
    expect(r.state.players[1]!.cards).toEqual([
      { role: 'captain', revealed: false },
      { role: 'contessa', revealed: true },
    ]);
  });

  it('with two dukes face-down, slot 0 is shown', () => {
    const sc = duplicateDukeChallenged();
    const e = shown(sc.events)!;
    expect(e).toMatchObject({ seat: 0, slot: 0, role: 'duke' });
    expect(sc.state.players[0]!.cards[0]).toEqual({ role: e.replacement, revealed: false });
    expect(sc.state.players[0]!.cards[1]).toEqual({ role: 'duke', revealed: false });
    expectSwapped(sc.initial, sc.state, 'duke', e.replacement!);
  });

  it('a revealed duke does not count: the face-down duke in slot 1 is shown', () => {
    const sc = revealedDukeThenChallenged();
    const e = shown(sc.events)!;
    expect(e).toMatchObject({ seat: 0, slot: 1, role: 'duke' });
    expect(sc.state.players[0]!.cards).toEqual([
      { role: 'duke', revealed: true },
      { role: e.replacement, revealed: false },
    ]);
  });

  it('a truthful steal challenged by a third seat still opens the block window for the target', () => {
    const s = gameFrom([
      ['captain', 'duke'],
      ['contessa', 'duke'],
      ['assassin', 'ambassador'],
    ]);
    const r = play(s, [
      [0, act.steal(2)],
      [2, act.pass],
      [1, act.challenge],
      [1, act.loseCard(0)],
    ]);
    expect(r.state.phase).toBe('block');
    expect(pendingSeats(r.state)).toEqual([2]);
    const end = play(r.state, [[2, act.pass]]);
    expect(end.state.players.map((p) => p.coins)).toEqual([4, 2, 0]);
  });

  it('a truthful assassination challenged by its target: the target loses one card, then may still block', () => {
    const s = gameFrom(
      [
        ['assassin', 'duke'],
        ['contessa', 'captain'],
        ['ambassador', 'duke'],
      ],
      { coins: [3, 2, 2] },
    );
    const r = play(s, [
      [0, act.assassinate(1)],
      [1, act.challenge],
      [1, act.loseCard(1)],
    ]);
    expect(r.state.phase).toBe('block');
    expect(legalActions(r.state, 1)).toEqual([act.block('contessa'), act.pass]);
    const end = play(r.state, [
      [1, act.block('contessa')],
      [0, act.pass],
    ]);
    expect(end.state.players[1]!.eliminated).toBe(false);
    expect(end.events.at(-2)).toMatchObject({ type: 'resolved', outcome: 'blocked' });
  });
});

describe('a bluffed claim that is challenged', () => {
  it('costs the bluffer 1 influence and cancels the action', () => {
    const sc = bluffedDukeChallenged();
    expect(sc.events.at(-1)).toEqual({
      type: 'challenged',
      turn: 0,
      seat: 2,
      challenged: 1,
      claim: 'duke',
      against: 'action',
      truthful: false,
    });
    expect(sc.state.deck).toEqual(sc.initial.deck); // nothing shown, nothing drawn
    expect(pendingSeats(sc.state)).toEqual([1]);
    const r = play(sc.state, [[1, act.loseCard(0)]]);
    expect(r.events).toEqual([
      { type: 'influence_lost', turn: 0, seat: 1, slot: 0, role: 'captain', reason: 'challenge' },
      { type: 'resolved', turn: 0, seat: 1, action: 'tax', target: null, outcome: 'cancelled', coins: 0 },
      { type: 'turn_started', turn: 1, seat: 2 },
    ]);
    expect(r.state.players.map((p) => p.coins)).toEqual([2, 2, 2]);
  });

  it('a bluffer on its last card is eliminated and the turn passes', () => {
    const s = play(headsUpLastCards().state, [[0, act.tax]]).state; // seat 0 holds only a captain
    const r = play(s, [
      [1, act.challenge],
      [0, act.loseCard(1)],
    ]);
    expect(r.state.phase).toBe('game_over');
    expect(ranking(r.state)).toEqual([[1], [0]]);
  });
});

describe('the challenge window (seat order, never answer order)', () => {
  it('everyone else may challenge; it closes when all pass', () => {
    const s = challengeActionWindow().state;
    expect(pendingSeats(s)).toEqual([1, 2, 3]);
    const a = play(s, [[2, act.pass]]).state;
    expect(pendingSeats(a)).toEqual([1, 3]);
    expect(applyAction(a, 2, act.challenge)).toMatchObject({ ok: false, error: { code: 'not_pending' } });
    const b = play(a, [
      [3, act.pass],
      [1, act.pass],
    ]);
    expect(b.state.players[0]!.coins).toBe(5);
  });

  it('the actor is never part of its own window', () => {
    const s = challengeActionWindow().state;
    expect(legalActions(s, 0)).toEqual([]);
    expect(applyAction(s, 0, act.challenge)).toMatchObject({ ok: false, error: { code: 'not_pending' } });
    expect(applyAction(s, 0, act.pass)).toMatchObject({ ok: false, error: { code: 'not_pending' } });
  });

  it('a challenge from the first seat after the actor closes the window at once', () => {
    const r = play(challengeActionWindow().state, [[1, act.challenge]]);
    expect(r.state.window).toBeNull();
    expect(r.events[0]).toMatchObject({ type: 'challenged', seat: 1, challenged: 0 });
  });

  it('pendingSeats: only unanswered seats before the first challenger (in turn order) remain', () => {
    const s = challengeActionWindow().state;
    const a = play(s, [[3, act.challenge]]).state;
    expect(a.phase).toBe('challenge_action');
    expect(pendingSeats(a)).toEqual([1, 2]);
    const b = play(a, [[2, act.challenge]]).state;
    expect(pendingSeats(b)).toEqual([1]); // seat 3's challenge can no longer matter
    expect(applyAction(b, 3, act.pass)).toMatchObject({ ok: false, error: { code: 'not_pending' } });
    expect(applyAction(b, 2, act.pass)).toMatchObject({ ok: false, error: { code: 'not_pending' } });
    expect(legalActions(b, 3)).toEqual([]);
    const c = play(b, [[1, act.pass]]);
    expect(c.events).toContainEqual({
      type: 'challenged',
      turn: 0,
      seat: 2,
      challenged: 0,
      claim: 'duke',
      against: 'action',
      truthful: true,
    });
    expect(pendingSeats(c.state)).toEqual([2]);
  });

  it('the first challenger in seat order wins whatever the answer order', () => {
    const s = challengeActionWindow().state;
    const orders: [number, 'challenge' | 'pass'][][] = [
      [
        [1, 'pass'],
        [2, 'challenge'],
      ],
      [
        [3, 'challenge'],
        [2, 'challenge'],
        [1, 'pass'],
      ],
      [
        [2, 'challenge'],
        [1, 'pass'],
      ],
      [
        [3, 'pass'],
        [2, 'challenge'],
        [1, 'pass'],
      ],
    ];
    const results = orders.map(
      (o) =>
        play(
          s,
          o.map(([seat, a]) => [seat, act[a]] as const),
        ).state,
    );
    for (const r of results) expect(JSON.stringify(r)).toBe(JSON.stringify(results[0]));
    expect(pendingSeats(results[0]!)).toEqual([2]);
  });
});

describe('a challenger that loses its last card', () => {
  it('cannot then block a steal: no block window, the steal takes nothing', () => {
    const sc = targetOnLastCard();
    const r = play(sc.state, [
      [0, act.steal(1)],
      [1, act.challenge],
    ]);
    expect(legalActions(r.state, 1)).toEqual([act.loseCard(1)]); // one legal choice, still asked
    const end = play(r.state, [[1, act.loseCard(1)]]);
    expect(end.events).toEqual([
      { type: 'influence_lost', turn: 1, seat: 1, slot: 1, role: 'contessa', reason: 'challenge' },
      { type: 'eliminated', turn: 1, seat: 1 },
      { type: 'resolved', turn: 1, seat: 0, action: 'steal', target: 1, outcome: 'no_effect', coins: 0 },
      { type: 'turn_started', turn: 2, seat: 2 },
    ]);
    expect(end.state.players.map((p) => p.coins)).toEqual([3, 0, 0]);
  });

  it('cannot then block an assassination: it has no effect, the cost stays paid', () => {
    const r = play(targetOnLastCard().state, [
      [0, act.assassinate(1)],
      [1, act.challenge],
      [1, act.loseCard(1)],
    ]);
    expect(r.events.filter((e) => e.type !== 'card_shown' && e.type !== 'challenged')).toEqual([
      { type: 'declared', turn: 1, seat: 0, action: 'assassinate', target: 1, claim: 'assassin', cost: 3 },
      { type: 'influence_lost', turn: 1, seat: 1, slot: 1, role: 'contessa', reason: 'challenge' },
      { type: 'eliminated', turn: 1, seat: 1 },
      {
        type: 'resolved',
        turn: 1,
        seat: 0,
        action: 'assassinate',
        target: 1,
        outcome: 'no_effect',
        coins: 0,
      },
      { type: 'turn_started', turn: 2, seat: 2 },
    ]);
    expect(r.state.players[0]!.coins).toBe(0);
  });

  it('in a 2-seat game the game ends at once', () => {
    const r = play(headsUpLastCards().state, [
      [0, act.steal(1)],
      [1, act.challenge],
      [1, act.loseCard(1)],
    ]);
    expect(r.state.phase).toBe('game_over');
    expect(pendingSeats(r.state)).toEqual([]);
    expect(ranking(r.state)).toEqual([[0], [1]]);
    expect(r.events.at(-1)).toEqual({
      type: 'game_over',
      turn: 2,
      reason: 'last_standing',
      ranking: [[0], [1]],
    });
  });
});
