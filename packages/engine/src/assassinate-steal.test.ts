import { describe, expect, it } from 'vitest';
import { applyAction, legalActions, pendingSeats } from './index';
import type { GameState } from './index';
import { HANDS_3, act, assassinationBlockWindow, gameFrom, play } from './testing';

// RULES.md "A turn": assassinate and steal (costs never refunded, targets, steal from 0 or 1 coin).

const coins = (s: GameState) => s.players.map((p) => p.coins);

describe('assassinate', () => {
  it('costs 3 at declaration; after no challenge and no block the target loses a card', () => {
    const s = gameFrom(HANDS_3, { coins: [5, 2, 2] });
    const d = play(s, [[0, act.assassinate(2)]]);
    expect(coins(d.state)).toEqual([2, 2, 2]); // paid before anyone answers
    expect(d.state.phase).toBe('challenge_action');
    expect(d.events).toEqual([
      { type: 'declared', turn: 0, seat: 0, action: 'assassinate', target: 2, claim: 'assassin', cost: 3 },
    ]);
    const w = play(d.state, [
      [1, act.pass],
      [2, act.pass],
    ]).state;
    expect(w.phase).toBe('block');
    expect(pendingSeats(w)).toEqual([2]); // only the target may block
    expect(legalActions(w, 2)).toEqual([act.block('contessa'), act.pass]);
    expect(legalActions(w, 1)).toEqual([]);
    const r = play(w, [[2, act.pass]]);
    expect(r.state.phase).toBe('lose_influence');
    expect(pendingSeats(r.state)).toEqual([2]);
    const end = play(r.state, [[2, act.loseCard(0)]]);
    expect(end.events).toEqual([
      { type: 'influence_lost', turn: 0, seat: 2, slot: 0, role: 'ambassador', reason: 'assassinate' },
      { type: 'turn_started', turn: 1, seat: 1 },
    ]);
  });

  it('the cost is not refunded when the assassination is blocked', () => {
    const r = play(assassinationBlockWindow().state, [
      [1, act.block('contessa')],
      [0, act.pass],
    ]);
    expect(coins(r.state)).toEqual([0, 2, 2]);
    expect(r.events.at(-2)).toMatchObject({ type: 'resolved', outcome: 'blocked', coins: 0 });
  });

  it('the cost is not refunded when the assassin claim is successfully challenged', () => {
    const s = gameFrom(
      [
        ['duke', 'captain'],
        ['captain', 'contessa'],
        ['ambassador', 'duke'],
      ],
      { coins: [4, 2, 2] },
    );
    const r = play(s, [
      [0, act.assassinate(1)],
      [1, act.challenge],
      [0, act.loseCard(1)],
    ]);
    expect(coins(r.state)).toEqual([1, 2, 2]);
    expect(r.events.slice(-2)).toEqual([
      {
        type: 'resolved',
        turn: 0,
        seat: 0,
        action: 'assassinate',
        target: 1,
        outcome: 'cancelled',
        coins: 0,
      },
      { type: 'turn_started', turn: 1, seat: 1 },
    ]);
  });
});

describe('steal', () => {
  const steal = (targetCoins: number) => {
    const s = gameFrom(HANDS_3, { coins: [2, targetCoins, 2] });
    return play(s, [
      [0, act.steal(1)],
      [1, act.pass],
      [2, act.pass],
      [1, act.pass],
    ]);
  };

  it('takes 2 coins from a target with 2 or more', () => {
    const r = steal(5);
    expect(coins(r.state)).toEqual([4, 3, 2]);
    expect(r.events.at(-2)).toEqual({
      type: 'resolved',
      turn: 0,
      seat: 0,
      action: 'steal',
      target: 1,
      outcome: 'done',
      coins: 2,
    });
  });

  it('takes 1 coin from a target with 1', () => {
    const r = steal(1);
    expect(coins(r.state)).toEqual([3, 0, 2]);
    expect(r.events.at(-2)).toMatchObject({ type: 'resolved', outcome: 'done', coins: 1 });
  });

  it('is legal against a target with 0 coins and takes nothing', () => {
    const s = gameFrom(HANDS_3, { coins: [2, 0, 2] });
    expect(legalActions(s, 0)).toContainEqual(act.steal(1));
    const r = steal(0);
    expect(coins(r.state)).toEqual([2, 0, 2]);
    expect(r.events.at(-2)).toMatchObject({ type: 'resolved', outcome: 'done', coins: 0 });
  });

  it('the block window holds only the target, who may claim captain or ambassador', () => {
    const s = play(gameFrom(HANDS_3), [
      [0, act.steal(2)],
      [1, act.pass],
      [2, act.pass],
    ]).state;
    expect(s.phase).toBe('block');
    expect(pendingSeats(s)).toEqual([2]);
    expect(legalActions(s, 2)).toEqual([act.block('captain'), act.block('ambassador'), act.pass]);
    expect(applyAction(s, 1, act.block('captain'))).toMatchObject({
      ok: false,
      error: { code: 'not_pending' },
    });
    expect(applyAction(s, 2, act.block('duke'))).toMatchObject({
      ok: false,
      error: { code: 'illegal_action' },
    });
  });
});

describe('an assassination can cost the target both cards through challenges alone', () => {
  it('target challenges a true assassin (loses one), then bluffs contessa and is caught (loses the other)', () => {
    const s = gameFrom(
      [
        ['assassin', 'duke'],
        ['captain', 'ambassador'],
        ['contessa', 'duke'],
      ],
      { coins: [3, 2, 2] },
    );
    const r = play(s, [
      [0, act.assassinate(1)],
      [1, act.challenge],
      [1, act.loseCard(0)],
      [1, act.block('contessa')],
      [0, act.challenge],
      [1, act.loseCard(1)],
    ]);
    // The target is gone before the assassination resolves: it has no effect, and nobody is asked again.
    expect(r.events.slice(-4)).toEqual([
      { type: 'influence_lost', turn: 0, seat: 1, slot: 1, role: 'ambassador', reason: 'challenge' },
      { type: 'eliminated', turn: 0, seat: 1 },
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
    expect(coins(r.state)).toEqual([0, 0, 2]);
  });
});
