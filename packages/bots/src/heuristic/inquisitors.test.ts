import type { Action, Role } from '@coup/engine';
import { describe, expect, it } from 'vitest';
import type { DecisionRequest } from '@coup/protocol';
import { readHistory } from '../history';
import { createBot } from '../index';
import { heuristicAction } from './index';
import { scenario } from '../testing/scenario';

// The heuristic bot in the Inquisitor game (ruleset `inquisitors`): the exchange of one card, the
// inquisitor's block, both sides of an interrogation, and what an interrogation showed it.

const bot = createBot('heuristic', { seed: 't' });

/** The rest of the Inquisitor game's deck once `hands` are dealt, in role order. */
const deck = (hands: Role[][]): Role[] => {
  const left: Partial<Record<Role, number>> = {
    duke: 3,
    assassin: 3,
    captain: 3,
    inquisitor: 3,
    contessa: 3,
  };
  for (const r of hands.flat()) left[r] = (left[r] ?? 0) - 1;
  return (Object.keys(left) as Role[]).flatMap((r) => new Array<Role>(left[r] ?? 0).fill(r));
};

const inq = (
  hands: Role[][],
  steps: [number, Action][],
  seat: number,
  coins?: number[],
  top: Role[] = [],
) => {
  const rest = deck(hands);
  for (const r of top) rest.splice(rest.indexOf(r), 1);
  return scenario(
    { hands, deck: [...top, ...rest], firstSeat: 0, ...(coins ? { coins } : {}) },
    steps,
    seat,
    'inquisitors',
  );
};

const interrogate = (target: number): Action => ({ type: 'interrogate', data: { target } });
const show = (i: number): Action => ({ type: 'show_card', data: { card_index: i } });

describe('heuristic bot in the Inquisitor game', () => {
  it('keeps the better of its cards and the one an exchange drew (one card back)', () => {
    const hands: Role[][] = [
      ['inquisitor', 'contessa'],
      ['captain', 'captain'],
    ];
    const req = inq(
      hands,
      [
        [0, { type: 'exchange' }],
        [1, { type: 'pass' }],
      ],
      0,
      undefined,
      ['duke'],
    );
    expect(req.phase).toBe('exchange_return');
    expect(req.state.you?.drawn).toEqual(['duke']);
    // Pool: inquisitor, contessa, duke: the inquisitor goes back.
    expect(bot.decide(req).action).toEqual({ type: 'return_cards', data: { return_indices: [0] } });
  });

  it('blocks a steal with the inquisitor it holds', () => {
    const hands: Role[][] = [
      ['captain', 'duke'],
      ['inquisitor', 'assassin'],
    ];
    const req = inq(
      hands,
      [
        [0, { type: 'steal', data: { target: 1 } }],
        [1, { type: 'pass' }],
      ],
      1,
    );
    expect(req.phase).toBe('block');
    expect(bot.decide(req).action).toEqual({ type: 'block', data: { role: 'inquisitor' } });
  });

  it('forces a strong shown card back into the deck, lets a weak one stay', () => {
    const decide = (shown: Role) => {
      const hands: Role[][] = [
        ['inquisitor', 'contessa'],
        [shown, shown === 'captain' ? 'contessa' : 'captain'],
        ['duke', 'assassin'],
      ];
      const req = inq(
        hands,
        [
          [0, interrogate(1)],
          [1, { type: 'pass' }],
          [2, { type: 'pass' }],
          [1, show(0)],
        ],
        0,
      );
      expect(req.phase).toBe('interrogate_decide');
      expect(req.state.you?.shown).toBe(shown);
      return bot.decide(req).action;
    };
    expect(decide('duke')).toEqual({ type: 'force_exchange' });
    expect(decide('assassin')).toEqual({ type: 'force_exchange' });
    expect(decide('inquisitor')).toEqual({ type: 'allow' });
  });

  it('shows its least valuable card when interrogated', () => {
    const hands: Role[][] = [
      ['inquisitor', 'contessa'],
      ['duke', 'inquisitor'],
    ];
    const req = inq(
      hands,
      [
        [0, interrogate(1)],
        [1, { type: 'pass' }],
      ],
      1,
    );
    expect(req.phase).toBe('interrogate_show');
    expect(bot.decide(req).action).toEqual(show(1));
  });

  it('interrogates an opponent down to its last card rather than exchange a weak hand', () => {
    const hands: Role[][] = [
      ['inquisitor', 'contessa'],
      ['captain', 'duke'],
    ];
    const req = inq(
      hands,
      [
        [0, { type: 'coup', data: { target: 1 } }],
        [1, { type: 'lose_card', data: { card_index: 0 } }],
        [1, { type: 'income' }],
      ],
      0,
      [7, 1],
    );
    expect(req.phase).toBe('action');
    expect(bot.decide(req).action).toEqual(interrogate(1));
  });

  // Seat 1 is down to one card and showed it to seat 0, which let it keep it; then seat 1 claims a role.
  const afterShowing = (seat1: Role[], seat0: Role[], claim: Action) => {
    const hands: Role[][] = [seat0, seat1];
    return inq(
      hands,
      [
        [0, { type: 'coup', data: { target: 1 } }],
        [1, { type: 'lose_card', data: { card_index: 0 } }],
        [1, { type: 'income' }],
        [0, interrogate(1)],
        [1, { type: 'pass' }],
        [1, show(1)],
        [0, { type: 'allow' }],
        [1, claim],
      ],
      0,
      [7, 1],
    );
  };

  /** The bot's answer as if it had forgotten what the interrogation showed it. */
  const forgetting = (req: DecisionRequest) => {
    const recs = readHistory(req.history, 6);
    for (const r of recs) r.known = [];
    return heuristicAction(req, 't', recs);
  };

  it('challenges a claim its interrogation showed to be false', () => {
    // Seat 1's last card is a contessa: its tax is a bluff. With three dukes unseen, the bot would
    // otherwise let it go.
    const req = afterShowing(['captain', 'contessa'], ['inquisitor', 'contessa'], { type: 'tax' });
    expect(req.phase).toBe('challenge_action');
    expect(req.history.some((h) => h.event === 'interrogation_decided' && h.role === 'contessa')).toBe(true);
    expect(bot.decide(req).action).toEqual({ type: 'challenge' });
    expect(forgetting(req)).toEqual({ type: 'pass' });
  });

  it('never challenges a claim of the card it saw', () => {
    // Seat 1's last card is a duke the bot saw and let it keep: its tax is true, though with the bot
    // holding two dukes the odds alone say challenge.
    const req = afterShowing(['captain', 'duke'], ['duke', 'duke'], { type: 'tax' });
    expect(req.phase).toBe('challenge_action');
    for (let i = 0; i < 20; i++)
      expect(createBot('heuristic', { seed: `s${i}` }).decide(req).action).toEqual({ type: 'pass' });
    expect(forgetting(req)).toEqual({ type: 'challenge' });
  });

  it('does not assassinate a seat it saw holding a contessa', () => {
    const hands: Role[][] = [
      ['inquisitor', 'assassin'],
      ['contessa', 'captain'],
      ['duke', 'captain'],
    ];
    const req = inq(
      hands,
      [
        [0, interrogate(1)],
        [1, { type: 'pass' }],
        [2, { type: 'pass' }],
        [1, show(0)],
        [0, { type: 'allow' }],
        [1, { type: 'income' }],
        [2, { type: 'income' }],
      ],
      0,
      [5, 2, 2],
    );
    expect(req.phase).toBe('action');
    for (let i = 0; i < 20; i++) {
      const a = createBot('heuristic', { seed: `s${i}` }).decide(req).action;
      expect(a).not.toEqual({ type: 'assassinate', data: { target: 1 } });
    }
    // It goes for the seat whose cards it does not know to include a contessa.
    expect(bot.decide(req).action).toEqual({ type: 'assassinate', data: { target: 2 } });
  });
});
