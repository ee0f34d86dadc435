import { describe, expect, it } from 'vitest';
import { applyAction, forfeit, isOver, legalActions, pendingSeats, ranking, viewFor } from './index';
import type { GameState, Role } from './index';
import { act, gameFrom, play } from './testing';
import type { Step } from './testing';

// RULES.md "Losing influence and elimination" and the end of the game.

describe('lose_card', () => {
  const couped = () =>
    play(
      gameFrom(
        [
          ['duke', 'assassin'],
          ['captain', 'contessa'],
          ['ambassador', 'duke'],
        ],
        { coins: [7, 2, 2] },
      ),
      [[0, act.coup(1)]],
    ).state;

  it('lists only face-down slots; slots never move', () => {
    const s = couped();
    expect(legalActions(s, 1)).toEqual([act.loseCard(0), act.loseCard(1)]);
    const after = play(s, [[1, act.loseCard(0)]]).state;
    expect(after.players[1]!.cards).toEqual([
      { role: 'captain', revealed: true },
      { role: 'contessa', revealed: false },
    ]);
  });

  it('a revealed slot, or a slot that does not exist, is rejected', () => {
    const s = couped();
    for (const i of [2, -1, 0.5]) {
      expect(applyAction(s, 1, act.loseCard(i))).toMatchObject({
        ok: false,
        error: { code: 'illegal_action' },
      });
    }
    // Slot 1 lost first: slot 0 stays at index 0 and is the only choice the next time.
    const s2 = play(
      gameFrom(
        [
          ['duke', 'assassin'],
          ['captain', 'contessa'],
          ['ambassador', 'duke'],
        ],
        { coins: [7, 2, 7] },
      ),
      [
        [0, act.coup(1)],
        [1, act.loseCard(1)],
        [1, act.income],
        [2, act.coup(1)],
      ],
    ).state;
    expect(legalActions(s2, 1)).toEqual([act.loseCard(0)]);
    expect(applyAction(s2, 1, act.loseCard(1))).toMatchObject({
      ok: false,
      error: { code: 'illegal_action' },
    });
    expect(s2.players[1]!.cards).toEqual([
      { role: 'captain', revealed: false },
      { role: 'contessa', revealed: true },
    ]);
  });

  it('a seat with one face-down card is still asked (one legal choice)', () => {
    const s = play(
      gameFrom(
        [
          ['duke', 'assassin'],
          ['captain', 'contessa'],
          ['ambassador', 'duke'],
        ],
        { coins: [7, 2, 7] },
      ),
      [
        [0, act.coup(1)],
        [1, act.loseCard(1)],
        [1, act.income],
        [2, act.coup(1)],
      ],
    ).state;
    expect(s.phase).toBe('lose_influence');
    expect(pendingSeats(s)).toEqual([1]);
    expect(viewFor(s, 0).losingSeat).toBe(1);
  });
});

describe('elimination', () => {
  const hands: Role[][] = [
    ['duke', 'assassin'],
    ['captain', 'contessa'],
    ['ambassador', 'duke'],
    ['assassin', 'captain'],
  ];
  /** Seat 1 (5 coins) loses both cards to two coups; seat 0 acts next with 7 coins left after its coup. */
  const eliminated = () =>
    play(gameFrom(hands, { coins: [14, 5, 2, 7] }), [
      [0, act.coup(1)],
      [1, act.loseCard(0)],
      [1, act.income],
      [2, act.income],
      [3, act.coup(1)],
    ]);

  it('happens at once when the last face-down card is revealed; coins go to 0', () => {
    const r = play(eliminated().state, [[1, act.loseCard(1)]]);
    expect(r.events).toEqual([
      { type: 'influence_lost', turn: 3, seat: 1, slot: 1, role: 'contessa', reason: 'coup' },
      { type: 'eliminated', turn: 3, seat: 1 },
      { type: 'turn_started', turn: 4, seat: 0 },
    ]);
    expect(r.state.players[1]).toEqual({
      coins: 0,
      eliminated: true,
      cards: [
        { role: 'captain', revealed: true },
        { role: 'contessa', revealed: true },
      ],
    });
    expect(r.state.eliminationOrder).toEqual([1]);
  });

  it('an eliminated seat never decides again: skipped in turns, absent from every window', () => {
    const out = play(eliminated().state, [[1, act.loseCard(1)]]).state;
    const check = (s: GameState) => {
      expect(pendingSeats(s)).not.toContain(1);
      expect(legalActions(s, 1)).toEqual([]);
      expect(applyAction(s, 1, act.pass)).toMatchObject({ ok: false, error: { code: 'not_pending' } });
    };
    check(out);
    const steps: Step[] = [
      [0, act.steal(2)],
      [2, act.pass],
      [3, act.pass],
      [2, act.pass],
      [2, act.foreignAid],
      [3, act.pass],
      [0, act.pass],
      [3, act.income],
      [0, act.tax],
    ];
    let s = out;
    for (const step of steps) {
      check(s);
      s = play(s, [step]).state;
    }
    expect(s.phase).toBe('challenge_action');
    expect(pendingSeats(s)).toEqual([2, 3]);
    expect(s.players.map((p) => p.coins)).toEqual([9, 0, 3, 1]);
  });
});

describe('game over', () => {
  // Eliminations in order 3, 1, 2: seat 0 wins.
  const hands: Role[][] = [
    ['duke', 'duke'],
    ['captain', 'contessa'],
    ['ambassador', 'assassin'],
    ['captain', 'contessa'],
  ];
  const finish = () =>
    play(gameFrom(hands, { coins: [7, 7, 7, 2] }), [
      [0, act.coup(3)],
      [3, act.loseCard(0)],
      [1, act.coup(3)],
      [3, act.loseCard(1)], // seat 3 out
      [2, act.coup(1)],
      [1, act.loseCard(0)],
      [0, act.tax],
      [1, act.challenge],
      [1, act.loseCard(1)], // seat 1 out
      [2, act.tax],
      [0, act.challenge],
      [2, act.loseCard(0)],
      [0, act.tax],
      [2, act.challenge],
      [2, act.loseCard(1)], // seat 2 out
    ]);

  it('ends when one seat has face-down cards: phase game_over, nobody pending, ranking winner first', () => {
    const { state, events } = finish();
    expect(state.phase).toBe('game_over');
    expect(isOver(state)).toBe(true);
    expect(state.endReason).toBe('last_standing');
    expect(state.eliminationOrder).toEqual([3, 1, 2]);
    expect(ranking(state)).toEqual([[0], [2], [1], [3]]);
    expect(pendingSeats(state)).toEqual([]);
    for (const seat of [0, 1, 2, 3]) expect(legalActions(state, seat)).toEqual([]);
    expect(state).toMatchObject({ pending: null, window: null, losses: [], after: null });
    // The claim does not resolve once the game is over.
    expect(events.slice(-3)).toEqual([
      { type: 'influence_lost', turn: 5, seat: 2, slot: 1, role: 'assassin', reason: 'challenge' },
      { type: 'eliminated', turn: 5, seat: 2 },
      { type: 'game_over', turn: 5, reason: 'last_standing', ranking: [[0], [2], [1], [3]] },
    ]);
    expect(viewFor(state, 1).ranking).toEqual([[0], [2], [1], [3]]);
    expect(viewFor(state, null).phase).toBe('game_over');
  });

  it('is final: every action is rejected with game_over and forfeit changes nothing', () => {
    const { state } = finish();
    expect(applyAction(state, 0, act.income)).toMatchObject({ ok: false, error: { code: 'game_over' } });
    expect(applyAction(state, 9, act.income)).toMatchObject({ ok: false, error: { code: 'game_over' } });
    const f = forfeit(state, 0);
    expect(f.state).toBe(state);
    expect(f.events).toEqual([]);
  });

  it('ranking is [] until the game is over', () => {
    const s = gameFrom(hands);
    expect(ranking(s)).toEqual([]);
    expect(isOver(s)).toBe(false);
    expect(viewFor(s, 0).ranking).toBeNull();
  });
});
