import { describe, expect, it } from 'vitest';
import { applyAction, legalActions, pendingSeats } from './index';
import type { Action, GameState } from './index';
import {
  HANDS_3,
  act,
  coupReady,
  forcedCoup,
  gameFrom,
  play,
  targetOnLastCard,
  threeSeatOpening,
} from './testing';

// RULES.md "A turn": the 7 actions, their costs, effects, targets, and the forced coup.

const coins = (s: GameState) => s.players.map((p) => p.coins);

describe('legal turn actions', () => {
  it('with 2 coins: no coup, no assassination; targets are the other living seats', () => {
    const s = threeSeatOpening().state;
    expect(legalActions(s, 0)).toEqual([
      act.income,
      act.foreignAid,
      act.tax,
      act.steal(1),
      act.steal(2),
      act.exchange,
    ]);
    expect(legalActions(s, 1)).toEqual([]);
    expect(legalActions(s, 2)).toEqual([]);
  });

  it('with 3 coins the assassination is legal, with 6 the coup is not', () => {
    const s = gameFrom(HANDS_3, { coins: [6, 2, 2] });
    expect(legalActions(s, 0)).toEqual([
      act.income,
      act.foreignAid,
      act.tax,
      act.assassinate(1),
      act.assassinate(2),
      act.steal(1),
      act.steal(2),
      act.exchange,
    ]);
    const r = applyAction(s, 0, act.coup(1));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('illegal_action');
    const two = gameFrom(HANDS_3, { coins: [2, 2, 2] });
    expect(applyAction(two, 0, act.assassinate(1))).toMatchObject({
      ok: false,
      error: { code: 'illegal_action' },
    });
  });

  it('coup needs 7 coins: at exactly 7 it is legal but not forced', () => {
    const list = legalActions(coupReady().state, 0);
    expect(list).toContainEqual(act.coup(1));
    expect(list).toContainEqual(act.coup(2));
    expect(list).toContainEqual(act.income);
    expect(list).toHaveLength(10);
  });

  it.each([10, 11, 15])('with %i coins coup is the only legal action', (n) => {
    const s = n === 10 ? forcedCoup().state : gameFrom(HANDS_3, { coins: [n, 2, 2] });
    expect(legalActions(s, 0)).toEqual([act.coup(1), act.coup(2)]);
    for (const a of [act.income, act.tax, act.assassinate(1), act.steal(1), act.exchange, act.foreignAid]) {
      expect(applyAction(s, 0, a)).toMatchObject({ ok: false, error: { code: 'illegal_action' } });
    }
  });

  it('targets are other living seats: never oneself, never an eliminated seat', () => {
    const s = targetOnLastCard().state; // seat 1 alive with one card
    const { state } = play(s, [
      [0, act.steal(1)],
      [1, act.challenge],
      [1, act.loseCard(1)],
    ]); // seat 1 eliminated; seat 2 to act with 0 coins
    const s2 = play(state, [[2, act.income]]).state; // seat 0 to act, 3 coins
    expect(legalActions(s2, 0)).toEqual([
      act.income,
      act.foreignAid,
      act.tax,
      act.assassinate(2),
      act.steal(2),
      act.exchange,
    ]);
    for (const a of [act.steal(1), act.assassinate(1), act.steal(0), act.assassinate(0)]) {
      expect(applyAction(s2, 0, a)).toMatchObject({ ok: false, error: { code: 'illegal_action' } });
    }
    const rich = gameFrom(HANDS_3, { coins: [7, 2, 2] });
    expect(applyAction(rich, 0, act.coup(0))).toMatchObject({ ok: false, error: { code: 'illegal_action' } });
    expect(applyAction(rich, 0, act.coup(3))).toMatchObject({ ok: false, error: { code: 'illegal_action' } });
  });
});

describe('income', () => {
  it('+1 coin, no window, the turn passes', () => {
    const r = play(threeSeatOpening().state, [[0, act.income]]);
    expect(coins(r.state)).toEqual([3, 2, 2]);
    expect(r.events).toEqual([
      { type: 'declared', turn: 0, seat: 0, action: 'income', target: null, claim: null, cost: 0 },
      { type: 'resolved', turn: 0, seat: 0, action: 'income', target: null, outcome: 'done', coins: 1 },
      { type: 'turn_started', turn: 1, seat: 1 },
    ]);
    expect(r.state).toMatchObject({ phase: 'action', activeSeat: 1, turn: 1, pending: null, window: null });
  });
});

describe('foreign aid', () => {
  it('opens a block window for every other living seat (no challenge window), +2 when all pass', () => {
    const s = play(threeSeatOpening().state, [[0, act.foreignAid]]).state;
    expect(s.phase).toBe('block');
    expect(pendingSeats(s)).toEqual([1, 2]);
    expect(legalActions(s, 1)).toEqual([act.block('duke'), act.pass]);
    expect(s.pending).toEqual({
      action: 'foreign_aid',
      actor: 0,
      target: null,
      claim: null,
      blocker: null,
      blockRole: null,
    });
    const r = play(s, [
      [2, act.pass],
      [1, act.pass],
    ]);
    expect(coins(r.state)).toEqual([4, 2, 2]);
    expect(r.events).toEqual([
      { type: 'passed', turn: 0, seat: 2, phase: 'block' },
      { type: 'passed', turn: 0, seat: 1, phase: 'block' },
      { type: 'resolved', turn: 0, seat: 0, action: 'foreign_aid', target: null, outcome: 'done', coins: 2 },
      { type: 'turn_started', turn: 1, seat: 1 },
    ]);
  });
});

describe('coup', () => {
  it('costs 7, cannot be challenged or blocked, the target chooses which card to lose', () => {
    const s0 = gameFrom(HANDS_3, { coins: [9, 2, 2] });
    const r = play(s0, [[0, act.coup(2)]]);
    expect(coins(r.state)).toEqual([2, 2, 2]);
    expect(r.state.phase).toBe('lose_influence');
    expect(pendingSeats(r.state)).toEqual([2]);
    expect(legalActions(r.state, 2)).toEqual([act.loseCard(0), act.loseCard(1)]);
    expect(legalActions(r.state, 0)).toEqual([]);
    expect(legalActions(r.state, 1)).toEqual([]);
    expect(r.events).toEqual([
      { type: 'declared', turn: 0, seat: 0, action: 'coup', target: 2, claim: null, cost: 7 },
      { type: 'resolved', turn: 0, seat: 0, action: 'coup', target: 2, outcome: 'done', coins: 0 },
    ]);
    const r2 = play(r.state, [[2, act.loseCard(1)]]);
    expect(r2.state.players[2]!.cards).toEqual([
      { role: 'ambassador', revealed: false },
      { role: 'duke', revealed: true },
    ]);
    expect(r2.events).toEqual([
      { type: 'influence_lost', turn: 0, seat: 2, slot: 1, role: 'duke', reason: 'coup' },
      { type: 'turn_started', turn: 1, seat: 1 },
    ]);
  });

  it('a forced coup at 10 coins leaves 3', () => {
    const r = play(forcedCoup().state, [
      [0, act.coup(1)],
      [1, act.loseCard(0)],
    ]);
    expect(coins(r.state)).toEqual([3, 2, 2]);
  });
});

describe('tax', () => {
  it('claims duke: a challenge window for every other seat, then +3, never blockable', () => {
    const s = play(threeSeatOpening().state, [[0, act.tax]]).state;
    expect(s.phase).toBe('challenge_action');
    expect(pendingSeats(s)).toEqual([1, 2]);
    expect(legalActions(s, 1)).toEqual([act.challenge, act.pass]);
    expect(s.pending).toMatchObject({ action: 'tax', claim: 'duke', target: null });
    const r = play(s, [
      [1, act.pass],
      [2, act.pass],
    ]);
    expect(coins(r.state)).toEqual([5, 2, 2]);
    expect(r.events.map((e) => e.type)).toEqual(['passed', 'passed', 'resolved', 'turn_started']);
    expect(r.events[2]).toEqual({
      type: 'resolved',
      turn: 0,
      seat: 0,
      action: 'tax',
      target: null,
      outcome: 'done',
      coins: 3,
    });
  });
});

describe('the turn order', () => {
  it('passes to the next living seat and counts turns from 0', () => {
    const moves: [number, Action][] = [
      [0, act.income],
      [1, act.income],
      [2, act.income],
      [0, act.income],
    ];
    const r = play(threeSeatOpening().state, moves);
    expect(r.state.turn).toBe(4);
    expect(r.state.activeSeat).toBe(1);
    expect(r.events.filter((e) => e.type === 'turn_started')).toEqual([
      { type: 'turn_started', turn: 1, seat: 1 },
      { type: 'turn_started', turn: 2, seat: 2 },
      { type: 'turn_started', turn: 3, seat: 0 },
      { type: 'turn_started', turn: 4, seat: 1 },
    ]);
  });

  it('skips eliminated seats', () => {
    const { state } = play(targetOnLastCard().state, [
      [0, act.steal(1)],
      [1, act.challenge],
      [1, act.loseCard(1)],
    ]);
    expect(state.activeSeat).toBe(2);
    const r = play(state, [[2, act.income]]);
    expect(r.state.activeSeat).toBe(0);
  });
});
