import { describe, expect, it } from 'vitest';
import { applyAction, legalActions, pendingSeats, ranking } from './index';
import type { Action, GameEvent, GameState } from './index';
import {
  FULL_DECK_SORTED,
  HANDS_4,
  act,
  allCards,
  bluffedContessaBlock,
  foreignAidBlockWindow,
  gameFrom,
  play,
  stealBlockWindow,
  truthfulContessaBlock,
} from './testing';

// RULES.md "Phases" 3-4: block windows, the challenge of a block, and who blocks when several seats do.

const coins = (s: GameState) => s.players.map((p) => p.coins);
const withoutShown = (events: readonly GameEvent[]) => events.filter((e) => e.type !== 'card_shown');

/** Applies answers in the given order, skipping those rejected as `not_pending` (and only those). */
function answerAll(s: GameState, answers: readonly (readonly [number, Action])[]): GameState {
  let state = s;
  for (const [seat, a] of answers) {
    const r = applyAction(state, seat, a);
    if (r.ok) state = r.state;
    else expect(r.error.code).toBe('not_pending');
  }
  return state;
}

function permutations<T>(xs: readonly T[]): T[][] {
  if (xs.length <= 1) return [[...xs]];
  return xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p]));
}

describe('foreign aid blocked by several seats', () => {
  const answers = [
    [1, act.pass],
    [2, act.block('duke')],
    [3, act.block('duke')],
  ] as const;

  it.each(permutations([0, 1, 2]).map((p) => [p.join('')]))(
    'answer order %s: the first blocker in seat order after the actor (seat 2) blocks',
    (order) => {
      const s = foreignAidBlockWindow().state;
      const out = answerAll(
        s,
        [...order].map((i) => answers[Number(i)]!),
      );
      expect(out.phase).toBe('challenge_block');
      expect(out.pending).toMatchObject({ action: 'foreign_aid', actor: 0, blocker: 2, blockRole: 'duke' });
      expect(pendingSeats(out)).toEqual([0]);
      const reference = answerAll(s, answers);
      expect(JSON.stringify(out)).toBe(JSON.stringify(reference));
    },
  );

  it('a later seat that blocked first no longer counts once an earlier seat blocks', () => {
    const s = foreignAidBlockWindow().state;
    const a = play(s, [[3, act.block('duke')]]).state;
    expect(pendingSeats(a)).toEqual([1, 2]);
    const b = play(a, [[2, act.block('duke')]]).state;
    expect(pendingSeats(b)).toEqual([1]);
    expect(applyAction(b, 3, act.pass)).toMatchObject({ ok: false, error: { code: 'not_pending' } });
    const c = play(b, [[1, act.pass]]);
    expect(c.events).toEqual([
      { type: 'passed', turn: 0, seat: 1, phase: 'block' },
      { type: 'blocked', turn: 0, seat: 2, actor: 0, role: 'duke' },
    ]);
  });

  it('turn order wraps around: with seat 2 acting, seat 3 comes before seat 0', () => {
    const s = play(gameFrom(HANDS_4, { firstSeat: 2 }), [[2, act.foreignAid]]).state;
    expect(pendingSeats(s)).toEqual([3, 0, 1]);
    const out = answerAll(s, [
      [0, act.block('duke')],
      [1, act.block('duke')],
      [3, act.block('duke')],
    ]);
    expect(out.pending).toMatchObject({ blocker: 3 });
    const mid = answerAll(s, [[0, act.block('duke')]]);
    expect(pendingSeats(mid)).toEqual([3]);
  });

  it('the first seat after the actor blocking closes the window at once', () => {
    const r = play(foreignAidBlockWindow().state, [[1, act.block('duke')]]);
    expect(r.state.phase).toBe('challenge_block');
    expect(r.state.window).toBeNull();
  });
});

describe('the challenge of a block', () => {
  const blockedBy = (seat: 2 | 3) => {
    const others = ([1, 2, 3] as const).filter((x) => x !== seat);
    // Seat 3's pass is not needed (and rejected as not_pending) once seat 2 blocked and seat 1 passed.
    return answerAll(foreignAidBlockWindow().state, [
      [seat, act.block('duke')],
      ...others.map((x) => [x, act.pass] as const),
    ]);
  };

  it('only the actor answers, challenge or pass', () => {
    const s = blockedBy(2);
    expect(s.phase).toBe('challenge_block');
    expect(legalActions(s, 0)).toEqual([act.challenge, act.pass]);
    for (const seat of [1, 2, 3]) expect(legalActions(s, seat)).toEqual([]);
  });

  it('allowed (pass): the action is blocked and the turn passes', () => {
    const r = play(blockedBy(2), [[0, act.pass]]);
    expect(r.events).toEqual([
      { type: 'passed', turn: 0, seat: 0, phase: 'challenge_block' },
      {
        type: 'resolved',
        turn: 0,
        seat: 0,
        action: 'foreign_aid',
        target: null,
        outcome: 'blocked',
        coins: 0,
      },
      { type: 'turn_started', turn: 1, seat: 1 },
    ]);
    expect(coins(r.state)).toEqual([2, 2, 2, 2]);
  });

  it('truthful blocker (duke): the duke is shown and replaced, the actor loses influence, the block stands', () => {
    const before = blockedBy(2);
    const r = play(before, [[0, act.challenge]]);
    const e = r.events.find((x) => x.type === 'card_shown');
    expect(e).toMatchObject({ seat: 2, slot: 1, role: 'duke' });
    expect(r.events[0]).toEqual({
      type: 'challenged',
      turn: 0,
      seat: 0,
      challenged: 2,
      claim: 'duke',
      against: 'block',
      truthful: true,
    });
    expect(r.state.deck).toHaveLength(before.deck.length);
    expect(allCards(r.state)).toEqual(FULL_DECK_SORTED);
    expect(pendingSeats(r.state)).toEqual([0]);
    const end = play(r.state, [[0, act.loseCard(0)]]);
    expect(end.events).toEqual([
      { type: 'influence_lost', turn: 0, seat: 0, slot: 0, role: 'duke', reason: 'challenge' },
      {
        type: 'resolved',
        turn: 0,
        seat: 0,
        action: 'foreign_aid',
        target: null,
        outcome: 'blocked',
        coins: 0,
      },
      { type: 'turn_started', turn: 1, seat: 1 },
    ]);
    expect(coins(end.state)).toEqual([2, 2, 2, 2]);
  });

  it('bluffed blocker: it loses influence, the block fails and the action resolves', () => {
    const r = play(blockedBy(3), [
      [0, act.challenge],
      [3, act.loseCard(1)],
    ]);
    expect(r.events).toEqual([
      {
        type: 'challenged',
        turn: 0,
        seat: 0,
        challenged: 3,
        claim: 'duke',
        against: 'block',
        truthful: false,
      },
      { type: 'influence_lost', turn: 0, seat: 3, slot: 1, role: 'captain', reason: 'challenge' },
      { type: 'resolved', turn: 0, seat: 0, action: 'foreign_aid', target: null, outcome: 'done', coins: 2 },
      { type: 'turn_started', turn: 1, seat: 1 },
    ]);
    expect(coins(r.state)).toEqual([4, 2, 2, 2]);
  });
});

describe('blocking a steal', () => {
  it('truthful captain block challenged: the stealer loses influence, nothing is taken', () => {
    const r = play(stealBlockWindow().state, [
      [1, act.block('captain')],
      [0, act.challenge],
      [0, act.loseCard(1)],
    ]);
    expect(withoutShown(r.events)).toEqual([
      { type: 'blocked', turn: 0, seat: 1, actor: 0, role: 'captain' },
      {
        type: 'challenged',
        turn: 0,
        seat: 0,
        challenged: 1,
        claim: 'captain',
        against: 'block',
        truthful: true,
      },
      { type: 'influence_lost', turn: 0, seat: 0, slot: 1, role: 'assassin', reason: 'challenge' },
      { type: 'resolved', turn: 0, seat: 0, action: 'steal', target: 1, outcome: 'blocked', coins: 0 },
      { type: 'turn_started', turn: 1, seat: 1 },
    ]);
    expect(coins(r.state)).toEqual([2, 2, 2]);
  });

  it('bluffed ambassador block challenged: the target loses influence and the steal takes 2', () => {
    const r = play(stealBlockWindow().state, [
      [1, act.block('ambassador')],
      [0, act.challenge],
      [1, act.loseCard(0)],
    ]);
    expect(r.events.slice(1)).toEqual([
      {
        type: 'challenged',
        turn: 0,
        seat: 0,
        challenged: 1,
        claim: 'ambassador',
        against: 'block',
        truthful: false,
      },
      { type: 'influence_lost', turn: 0, seat: 1, slot: 0, role: 'captain', reason: 'challenge' },
      { type: 'resolved', turn: 0, seat: 0, action: 'steal', target: 1, outcome: 'done', coins: 2 },
      { type: 'turn_started', turn: 1, seat: 1 },
    ]);
    expect(coins(r.state)).toEqual([4, 0, 2]);
  });
});

describe('blocking an assassination with contessa', () => {
  it('truthful block challenged: the assassin loses influence, the target keeps both cards, 3 coins stay paid', () => {
    const sc = truthfulContessaBlock();
    expect(sc.state.pending).toEqual({
      action: 'assassinate',
      actor: 0,
      target: 1,
      claim: 'assassin',
      blocker: 1,
      blockRole: 'contessa',
    });
    const r = play(sc.state, [
      [0, act.challenge],
      [0, act.loseCard(0)],
    ]);
    expect(r.events.find((e) => e.type === 'card_shown')).toMatchObject({
      seat: 1,
      slot: 1,
      role: 'contessa',
    });
    expect(r.state.players[1]!.cards.every((c) => !c.revealed)).toBe(true);
    expect(coins(r.state)).toEqual([0, 2, 2]);
    expect(r.events.at(-2)).toMatchObject({ type: 'resolved', outcome: 'blocked' });
  });

  it('bluffed block challenged: the target loses both cards (the challenge, then the assassination)', () => {
    const sc = bluffedContessaBlock();
    const r = play(sc.state, [
      [0, act.challenge],
      [1, act.loseCard(0)],
    ]);
    expect(r.state.phase).toBe('lose_influence');
    expect(pendingSeats(r.state)).toEqual([1]);
    expect(legalActions(r.state, 1)).toEqual([act.loseCard(1)]);
    const end = play(r.state, [[1, act.loseCard(1)]]);
    expect([...r.events, ...end.events]).toEqual([
      {
        type: 'challenged',
        turn: 0,
        seat: 0,
        challenged: 1,
        claim: 'contessa',
        against: 'block',
        truthful: false,
      },
      { type: 'influence_lost', turn: 0, seat: 1, slot: 0, role: 'captain', reason: 'challenge' },
      { type: 'resolved', turn: 0, seat: 0, action: 'assassinate', target: 1, outcome: 'done', coins: 0 },
      { type: 'influence_lost', turn: 0, seat: 1, slot: 1, role: 'ambassador', reason: 'assassinate' },
      { type: 'eliminated', turn: 0, seat: 1 },
      { type: 'turn_started', turn: 1, seat: 2 },
    ]);
    expect(end.state.players[1]).toEqual({
      coins: 0,
      eliminated: true,
      cards: [
        { role: 'captain', revealed: true },
        { role: 'ambassador', revealed: true },
      ],
    });
  });

  it('in a 2-seat game the bluffed contessa ends the game', () => {
    const s = gameFrom(
      [
        ['assassin', 'duke'],
        ['captain', 'duke'],
      ],
      { coins: [3, 2] },
    );
    const r = play(s, [
      [0, act.assassinate(1)],
      [1, act.pass],
      [1, act.block('contessa')],
      [0, act.challenge],
      [1, act.loseCard(1)],
      [1, act.loseCard(0)],
    ]);
    expect(r.state.phase).toBe('game_over');
    expect(ranking(r.state)).toEqual([[0], [1]]);
  });
});

describe('actions nobody can block', () => {
  it.each([
    ['tax', act.tax],
    ['exchange', act.exchange],
  ])('%s goes from the challenge window straight to its effect', (_n, a) => {
    const r = play(foreignAidBlockWindow().initial, [
      [0, a],
      [1, act.pass],
      [2, act.pass],
      [3, act.pass],
    ]);
    expect(r.events.some((e) => e.type === 'passed' && e.phase === 'block')).toBe(false);
    expect(r.state.phase).not.toBe('block');
  });
});
