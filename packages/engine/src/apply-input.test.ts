import { describe, expect, it } from 'vitest';
import { applyAction, legalActions, pendingSeats } from './index';
import type { Action, ApplyResult, GameState } from './index';
import {
  SCENARIOS,
  act,
  deepFreeze,
  exchangeReturnTwo,
  play,
  targetOnLastCard,
  threeSeatOpening,
} from './testing';

// applyAction never throws and never modifies its input, whatever it is given; anything that is not
// one of the listed legal actions is `{ ok: false, error: { code, message } }` (RULES.md "Legal actions").

/** Calls applyAction on a frozen state and checks the refusal shape and that the state did not change. */
function refuse(s: GameState, seat: unknown, a: unknown, code?: string): void {
  deepFreeze(s);
  const before = JSON.stringify(s);
  let r: ApplyResult | undefined;
  expect(() => {
    r = applyAction(s, seat as number, a as Action);
  }).not.toThrow();
  expect(r?.ok).toBe(false);
  if (r && !r.ok) {
    expect(Object.keys(r).sort()).toEqual(['error', 'ok']);
    expect(Object.keys(r.error).sort()).toEqual(['code', 'message']);
    expect(typeof r.error.message).toBe('string');
    expect(r.error.message.length).toBeGreaterThan(0);
    if (code) expect(r.error.code).toBe(code);
    else expect(['invalid_seat', 'not_pending', 'invalid_action', 'illegal_action']).toContain(r.error.code);
  }
  expect(JSON.stringify(s)).toBe(before);
}

function throwingGetter(key: string, on: Record<string, unknown> = {}): object {
  return Object.defineProperty({ ...on }, key, {
    enumerable: true,
    get() {
      throw new Error(`no ${key} for you`);
    },
  });
}

const trap = () => {
  throw new Error('trap');
};
const hostileProxy = new Proxy({}, { get: trap, has: trap, ownKeys: trap, getOwnPropertyDescriptor: trap });
const revoked = Proxy.revocable({}, {});
revoked.revoke();

describe('the seat argument', () => {
  const s = () => threeSeatOpening().state; // seat 0 to act
  it.each([1, 2])('seat %i is not pending: not_pending', (seat) =>
    refuse(s(), seat, act.income, 'not_pending'),
  );
  it.each<[string, unknown]>([
    ['-1', -1],
    ['3 (out of range)', 3],
    ['99', 99],
    ['0.5', 0.5],
    ['NaN', NaN],
    ['Infinity', Infinity],
    ["'0'", '0'],
    ['null', null],
    ['undefined', undefined],
    ['an object', { seat: 0 }],
    ['an array', [0]],
    ['true', true],
  ])('seat %s: invalid_seat', (_n, seat) => refuse(s(), seat, act.income, 'invalid_seat'));
});

describe('the action argument', () => {
  const opening = () => threeSeatOpening().state;
  it.each<[string, unknown, string]>([
    ['null', null, 'invalid_action'],
    ['undefined', undefined, 'invalid_action'],
    ['a string', 'income', 'invalid_action'],
    ['a number', 42, 'invalid_action'],
    ['NaN', NaN, 'invalid_action'],
    ['an array', [act.income], 'invalid_action'],
    ['an empty object', {}, 'invalid_action'],
    ['a numeric type', { type: 1 }, 'invalid_action'],
    ['a null type', { type: null }, 'invalid_action'],
    ['a boxed string type', { type: new String('income') }, 'invalid_action'],
    ['a symbol type', { type: Symbol('income') }, 'invalid_action'],
    ['a function', () => act.income, 'invalid_action'],
    ['an unknown type', { type: 'dance' }, 'illegal_action'],
    ['a type in the wrong case', { type: 'INCOME' }, 'illegal_action'],
    ['a response in the action phase', act.pass, 'illegal_action'],
    ['missing data', { type: 'steal' }, 'illegal_action'],
    ['data that is an array', { type: 'steal', data: [1] }, 'illegal_action'],
    ['data that is a string', { type: 'income', data: 'x' }, 'illegal_action'],
    ['data that is a number', { type: 'income', data: 0 }, 'illegal_action'],
    ['data on a data-less action', { type: 'income', data: { target: 1 } }, 'illegal_action'],
    ['an extra data key', { type: 'steal', data: { target: 1, role: 'captain' } }, 'illegal_action'],
    ['a string target', { type: 'steal', data: { target: '1' } }, 'illegal_action'],
    ['a bigint target', { type: 'steal', data: { target: 1n } }, 'illegal_action'],
    ['a fractional target', { type: 'steal', data: { target: 1.5 } }, 'illegal_action'],
    ['an out-of-range target', act.steal(7), 'illegal_action'],
    ['oneself as target', act.steal(0), 'illegal_action'],
    ['too few coins to assassinate', act.assassinate(1), 'illegal_action'],
    ['too few coins to coup', act.coup(1), 'illegal_action'],
    ['a throwing type getter', throwingGetter('type'), 'invalid_action'],
    ['a throwing data getter', throwingGetter('data', { type: 'steal' }), 'invalid_action'],
    ['a throwing target getter', { type: 'steal', data: throwingGetter('target') }, 'invalid_action'],
    ['a hostile proxy', hostileProxy, 'invalid_action'],
    ['a proxy as data', { type: 'steal', data: hostileProxy }, 'invalid_action'],
    ['a revoked proxy', revoked.proxy, 'invalid_action'],
  ])('%s', (_n, a, code) => refuse(opening(), 0, a, code));

  it('a dead target', () => {
    const s = play(targetOnLastCard().state, [
      [0, act.steal(1)],
      [1, act.challenge],
      [1, act.loseCard(1)],
      [2, act.income],
    ]).state;
    refuse(s, 0, act.steal(1), 'illegal_action');
    refuse(s, 0, act.assassinate(1), 'illegal_action');
  });

  it('lose_card of a revealed or missing slot, or with bad data', () => {
    const s = play(targetOnLastCard().state, [
      [0, act.steal(1)],
      [1, act.challenge],
    ]).state;
    refuse(s, 1, act.loseCard(0), 'illegal_action'); // slot 0 is revealed
    refuse(s, 1, act.loseCard(2), 'illegal_action');
    refuse(s, 1, { type: 'lose_card', data: { card_index: '1' } }, 'illegal_action');
    refuse(s, 1, { type: 'lose_card' }, 'illegal_action');
    refuse(s, 1, { type: 'lose_card', data: { card_index: 1, target: 0 } }, 'illegal_action');
  });

  it('return_cards not ascending, duplicated, or out of range', () => {
    const s = exchangeReturnTwo().state;
    for (const return_indices of [[1, 0], [2, 2], [0, 4], [0], [0, 1, 2], [], null]) {
      refuse(s, 0, { type: 'return_cards', data: { return_indices } }, 'illegal_action');
    }
    refuse(s, 0, { type: 'return_cards', data: { return_indices: [0, 1], card_index: 0 } }, 'illegal_action');
  });

  it('block with a role that cannot block, or with no role', () => {
    const s = play(threeSeatOpening().state, [[0, act.foreignAid]]).state;
    for (const role of ['captain', 'contessa', 'Duke', null, 1]) {
      refuse(s, 1, { type: 'block', data: { role } }, 'illegal_action');
    }
    refuse(s, 1, { type: 'block' }, 'illegal_action');
    refuse(s, 1, act.challenge, 'illegal_action'); // foreign aid claims nothing
  });
});

describe('what counts as equal to a listed action', () => {
  it('`data: {}` (and a null or undefined data) is accepted as "no data" for data-less actions', () => {
    for (const a of [
      { type: 'income', data: {} },
      { type: 'income', data: null },
      { type: 'income', data: undefined },
    ]) {
      const r = applyAction(threeSeatOpening().state, 0, a as unknown as Action);
      expect(r.ok).toBe(true);
    }
    const window = play(threeSeatOpening().state, [[0, act.tax]]).state;
    expect(applyAction(window, 1, { type: 'pass', data: {} }).ok).toBe(true);
  });

  it('a data key holding undefined counts as a key (an in-process caller gets no JSON clean-up)', () => {
    const a = { type: 'steal', data: { target: 1, role: undefined } } as unknown as Action;
    expect(applyAction(threeSeatOpening().state, 0, a)).toMatchObject({
      ok: false,
      error: { code: 'illegal_action' },
    });
    // Once sent as JSON the key is gone and the action is legal.
    expect(applyAction(threeSeatOpening().state, 0, JSON.parse(JSON.stringify(a)) as Action).ok).toBe(true);
  });

  it('keys outside `type` and `data` are ignored', () => {
    const a = {
      type: 'steal',
      data: { target: 1 },
      reason: 'because',
      seat: 2,
      target: 2,
    } as unknown as Action;
    const r = applyAction(threeSeatOpening().state, 0, a);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.state.pending).toMatchObject({ action: 'steal', target: 1 }); // data.target, not a.target
  });

  it('key order inside data does not matter; the engine stores the listed action, not the given object', () => {
    const s = exchangeReturnTwo().state;
    const given = { data: { return_indices: [0, 3] }, type: 'return_cards' } as Action;
    const r = applyAction(s, 0, given);
    expect(r.ok).toBe(true);
    given.data!.return_indices![0] = 1; // changing the caller's object afterwards changes nothing
    if (r.ok) expect(r.state.players[0]!.cards.map((c) => c.role)).toEqual(['duke', 'contessa']);
  });
});

describe('legalActions', () => {
  it('returns a fresh array each time: changing it changes nothing', () => {
    const s = threeSeatOpening().state;
    const list = legalActions(s, 0);
    const copy = JSON.stringify(list);
    list.length = 0;
    expect(JSON.stringify(legalActions(s, 0))).toBe(copy);
    expect(legalActions(s, 0)).not.toBe(legalActions(s, 0));
  });
});

describe('legal actions on frozen states', () => {
  it.each(Object.entries(SCENARIOS))(
    '%s: every legal action of every pending seat is accepted',
    (_n, make) => {
      const s = deepFreeze(make().state);
      const before = JSON.stringify(s);
      for (const seat of pendingSeats(s)) {
        for (const a of legalActions(s, seat)) {
          const r = applyAction(s, seat, JSON.parse(JSON.stringify(a)) as Action); // equal, not the same object
          expect(r.ok).toBe(true);
        }
      }
      expect(JSON.stringify(s)).toBe(before);
    },
  );
});
