import { describe, expect, it } from 'vitest';
import { forfeit, legalActions, pendingSeats, ranking } from './index';
import type { GameEvent, GameState } from './index';
import {
  FULL_DECK_SORTED,
  act,
  allCards,
  assassinationBlockWindow,
  bluffedContessaBlock,
  bluffedDukeChallenged,
  challengeActionWindow,
  coupReady,
  deepFreeze,
  exchangeReturnTwo,
  foreignAidBlockWindow,
  headsUpOpening,
  play,
  stealBlockWindow,
  threeSeatOpening,
  truthfulContessaBlock,
  truthfulDukeChallenged,
} from './testing';

// RULES.md "Forfeit": a seat can leave at any moment; nothing ever waits for it again.

const coins = (s: GameState) => s.players.map((p) => p.coins);
const types = (events: readonly GameEvent[]) => events.map((e) => e.type);

/** Forfeits `seat` on a frozen state (proving it is not modified) and checks what every forfeit does. */
function quit(s: GameState, seat: number) {
  const before = JSON.stringify(deepFreeze(s));
  const r = forfeit(s, seat);
  expect(JSON.stringify(s)).toBe(before);
  expect(r.events[0]).toEqual({ type: 'forfeited', turn: s.turn, seat });
  const p = r.state.players[seat]!;
  expect(p.eliminated).toBe(true);
  expect(p.coins).toBe(0);
  expect(p.cards.every((c) => c.revealed)).toBe(true);
  expect(r.state.eliminationOrder.at(-1)).toBe(seat);
  expect(pendingSeats(r.state)).not.toContain(seat);
  expect(legalActions(r.state, seat)).toEqual([]);
  expect(allCards(r.state)).toEqual(FULL_DECK_SORTED);
  return r;
}

describe('the active seat forfeits', () => {
  it('on its turn: its face-down cards are revealed at once, it is eliminated, the turn passes', () => {
    const r = quit(threeSeatOpening().state, 0);
    expect(r.events).toEqual([
      { type: 'forfeited', turn: 0, seat: 0 },
      { type: 'influence_lost', turn: 0, seat: 0, slot: 0, role: 'duke', reason: 'forfeit' },
      { type: 'influence_lost', turn: 0, seat: 0, slot: 1, role: 'assassin', reason: 'forfeit' },
      { type: 'eliminated', turn: 0, seat: 0 },
      { type: 'turn_started', turn: 1, seat: 1 },
    ]);
    expect(r.state).toMatchObject({ phase: 'action', activeSeat: 1, turn: 1 });
  });

  it('while a losing challenger owes influence: the loss is still taken, then the action does nothing', () => {
    const r = quit(truthfulDukeChallenged().state, 0);
    expect(r.state.phase).toBe('lose_influence');
    expect(pendingSeats(r.state)).toEqual([1]);
    const end = play(r.state, [[1, act.loseCard(0)]]);
    expect(end.events).toEqual([
      { type: 'influence_lost', turn: 0, seat: 1, slot: 0, role: 'captain', reason: 'challenge' },
      { type: 'turn_started', turn: 1, seat: 1 },
    ]);
    expect(coins(end.state)).toEqual([0, 2, 2]); // no tax
  });

  it("while a coup's target owes influence: the target still loses a card", () => {
    const s = play(coupReady().state, [[0, act.coup(2)]]).state;
    const r = quit(s, 0);
    expect(pendingSeats(r.state)).toEqual([2]);
    const end = play(r.state, [[2, act.loseCard(1)]]);
    expect(end.state.players[2]!.cards[1]!.revealed).toBe(true);
    expect(end.state).toMatchObject({ phase: 'action', activeSeat: 1, turn: 1 });
  });

  it('inside its challenge window: the window closes, the turn passes', () => {
    const s = play(challengeActionWindow().state, [[3, act.challenge]]).state;
    const r = quit(s, 0);
    expect(types(r.events).slice(-2)).toEqual(['eliminated', 'turn_started']);
    expect(r.state).toMatchObject({ phase: 'action', activeSeat: 1, window: null, pending: null });
    expect(coins(r.state)).toEqual([0, 2, 2, 2]);
  });

  it('inside its block window', () => {
    const r = quit(foreignAidBlockWindow().state, 0);
    expect(r.state).toMatchObject({ phase: 'action', activeSeat: 1, window: null });
  });

  it('while its action is blocked (challenge_block): the turn passes, the blocker keeps its cards', () => {
    const r = quit(truthfulContessaBlock().state, 0);
    expect(r.state).toMatchObject({ phase: 'action', activeSeat: 1, turn: 1 });
    expect(r.state.players[1]!.cards.every((c) => !c.revealed)).toBe(true);
  });

  it('during exchange_return: the drawn cards go back to the deck, which is shuffled', () => {
    const sc = exchangeReturnTwo();
    const r = quit(sc.state, 0);
    expect(r.state.drawn).toEqual([]);
    expect(r.state.deck).toHaveLength(9);
    expect([...r.state.deck].sort()).toEqual([...sc.initial.deck].sort());
    expect(r.state.rng).not.toEqual(sc.state.rng);
    expect(r.state.players[0]!.cards).toEqual([
      { role: 'ambassador', revealed: true },
      { role: 'duke', revealed: true },
    ]);
    expect(r.state).toMatchObject({ phase: 'action', activeSeat: 1 });
  });
});

describe('a seat that owes influence forfeits', () => {
  it('a losing challenger: the forfeit is the loss, and the claim resolves', () => {
    const r = quit(truthfulDukeChallenged().state, 1);
    expect(r.events.slice(-2)).toEqual([
      { type: 'resolved', turn: 0, seat: 0, action: 'tax', target: null, outcome: 'done', coins: 3 },
      { type: 'turn_started', turn: 1, seat: 2 },
    ]);
    expect(coins(r.state)).toEqual([5, 0, 2]);
  });

  it('a challenged bluffer (also the active seat): the action stays cancelled, the turn passes', () => {
    const r = quit(bluffedDukeChallenged().state, 1);
    expect(r.state).toMatchObject({ phase: 'action', activeSeat: 2, turn: 1 });
    expect(coins(r.state)).toEqual([2, 0, 2]);
  });

  it("a coup's target", () => {
    const s = play(coupReady().state, [[0, act.coup(1)]]).state;
    const r = quit(s, 1);
    expect(r.state).toMatchObject({ phase: 'action', activeSeat: 2, turn: 1 });
  });

  it('a bluffing contessa blocker that was challenged: the assassination then has no effect on it', () => {
    const s = play(bluffedContessaBlock().state, [[0, act.challenge]]).state;
    expect(pendingSeats(s)).toEqual([1]);
    const r = quit(s, 1);
    expect(r.events.slice(-2)).toEqual([
      {
        type: 'resolved',
        turn: 0,
        seat: 0,
        action: 'assassinate',
        target: 1,
        outcome: 'no_effect',
        coins: 0,
      },
      { type: 'turn_started', turn: 1, seat: 2 },
    ]);
  });
});

describe('a blocker forfeits before its block is challenged or allowed', () => {
  it('foreign aid: the block lapses and the action resolves (+2); seat 3, never asked, is not asked now', () => {
    const s = play(foreignAidBlockWindow().state, [
      [2, act.block('duke')],
      [1, act.pass],
    ]).state;
    expect(s.pending).toMatchObject({ blocker: 2 });
    const r = quit(s, 2);
    expect(r.events.slice(-2)).toEqual([
      { type: 'resolved', turn: 0, seat: 0, action: 'foreign_aid', target: null, outcome: 'done', coins: 2 },
      { type: 'turn_started', turn: 1, seat: 1 },
    ]);
    expect(coins(r.state)).toEqual([4, 2, 0, 2]);
  });

  it('steal: the block lapses; the target is gone, so nothing is taken', () => {
    const s = play(stealBlockWindow().state, [[1, act.block('captain')]]).state;
    const r = quit(s, 1);
    expect(r.events.at(-2)).toMatchObject({
      type: 'resolved',
      action: 'steal',
      outcome: 'no_effect',
      coins: 0,
    });
    expect(coins(r.state)).toEqual([2, 0, 2]);
  });

  it('assassination: the block lapses; the target is gone, the cost stays paid', () => {
    const r = quit(truthfulContessaBlock().state, 1);
    expect(r.events.at(-2)).toMatchObject({ type: 'resolved', action: 'assassinate', outcome: 'no_effect' });
    expect(coins(r.state)).toEqual([0, 0, 2]);
    expect(r.state.activeSeat).toBe(2);
  });
});

describe('a seat inside an open window forfeits', () => {
  it('an unanswered seat: the window stops waiting for it', () => {
    const r = quit(challengeActionWindow().state, 2);
    expect(r.state.phase).toBe('challenge_action');
    expect(pendingSeats(r.state)).toEqual([1, 3]);
  });

  it('the last seat the window waited for: the window closes and the later challenger challenges', () => {
    const s = play(challengeActionWindow().state, [[3, act.challenge]]).state;
    const a = quit(s, 1).state;
    expect(pendingSeats(a)).toEqual([2]);
    const b = quit(a, 2);
    expect(b.events.find((e) => e.type === 'challenged')).toMatchObject({
      seat: 3,
      challenged: 0,
      truthful: true,
    });
    expect(pendingSeats(b.state)).toEqual([3]);
  });

  it('a seat that had challenged: its challenge goes with it, later seats are asked again', () => {
    const s = play(challengeActionWindow().state, [[2, act.challenge]]).state;
    expect(pendingSeats(s)).toEqual([1]);
    const r = quit(s, 2);
    expect(r.state.phase).toBe('challenge_action');
    expect(pendingSeats(r.state)).toEqual([1, 3]);
    const end = play(r.state, [
      [1, act.pass],
      [3, act.pass],
    ]);
    expect(coins(end.state)).toEqual([5, 2, 0, 2]);
  });

  it('the last pending seat of a foreign aid block window: it resolves', () => {
    const s = play(foreignAidBlockWindow().state, [
      [1, act.pass],
      [3, act.pass],
    ]).state;
    const r = quit(s, 2);
    expect(coins(r.state)).toEqual([4, 2, 0, 2]);
    expect(r.state.activeSeat).toBe(1);
  });

  it('the target of a steal, during the challenge window: no block window follows, nothing is taken', () => {
    const s = play(threeSeatOpening().state, [[0, act.steal(1)]]).state;
    const r = quit(s, 1);
    expect(pendingSeats(r.state)).toEqual([2]);
    const end = play(r.state, [[2, act.pass]]);
    expect(types(end.events)).toEqual(['passed', 'resolved', 'turn_started']);
    expect(end.events[1]).toMatchObject({ outcome: 'no_effect' });
  });

  it('the target of an assassination, in its block window: no effect, the cost stays paid', () => {
    const r = quit(assassinationBlockWindow().state, 1);
    expect(r.events.at(-2)).toMatchObject({ type: 'resolved', action: 'assassinate', outcome: 'no_effect' });
    expect(coins(r.state)).toEqual([0, 0, 2]);
  });
});

describe('other forfeits', () => {
  it('a seat with no part in the current decision: the decision is unchanged', () => {
    const s = play(coupReady().state, [[0, act.coup(1)]]).state;
    const r = quit(s, 2);
    expect(r.state.phase).toBe('lose_influence');
    expect(pendingSeats(r.state)).toEqual([1]);
  });

  it('a forfeit that leaves one seat ends the game', () => {
    const r = quit(headsUpOpening().state, 1);
    expect(r.state.phase).toBe('game_over');
    expect(ranking(r.state)).toEqual([[0], [1]]);
    expect(r.events.at(-1)).toEqual({
      type: 'game_over',
      turn: 0,
      reason: 'last_standing',
      ranking: [[0], [1]],
    });
  });

  it('two forfeits in a row: reverse order of elimination', () => {
    const a = quit(threeSeatOpening().state, 2).state;
    const b = quit(a, 0).state;
    expect(ranking(b)).toEqual([[1], [0], [2]]);
  });

  it('is a no-op for a seat already gone or out of range', () => {
    const a = quit(threeSeatOpening().state, 2).state;
    for (const seat of [2, 3, -1, 1.5]) {
      const r = forfeit(a, seat);
      expect(r.state).toBe(a);
      expect(r.events).toEqual([]);
    }
  });
});
