import type { Role } from '@coup/engine';
import { describe, expect, it } from 'vitest';
import { createBot } from '../index';
import { scenario } from '../testing/scenario';

const bot = createBot('heuristic', { seed: 't' });
const honest = createBot('honest');
const deck = (hands: Role[][]): Role[] => {
  const left: Record<Role, number> = {
    duke: 3,
    assassin: 3,
    captain: 3,
    ambassador: 3,
    inquisitor: 0,
    contessa: 3,
  };
  for (const r of hands.flat()) left[r]--;
  return (Object.keys(left) as Role[]).flatMap((r) => new Array<Role>(left[r]).fill(r));
};

describe('heuristic bot in scripted positions', () => {
  it('coups the strongest opponent once it has 7 coins', () => {
    const hands: Role[][] = [
      ['duke', 'captain'],
      ['contessa', 'ambassador'],
      ['assassin', 'duke'],
    ];
    const req = scenario({ hands, deck: deck(hands), coins: [7, 1, 6], firstSeat: 0 }, [], 0);
    expect(bot.decide(req).action).toEqual({ type: 'coup', data: { target: 2 } });
  });

  it('blocks an assassination with the contessa it holds', () => {
    const hands: Role[][] = [
      ['assassin', 'duke'],
      ['contessa', 'ambassador'],
    ];
    const req = scenario(
      { hands, deck: deck(hands), coins: [3, 2], firstSeat: 0 },
      [
        [0, { type: 'assassinate', data: { target: 1 } }],
        [1, { type: 'pass' }],
      ],
      1,
    );
    expect(req.phase).toBe('block');
    expect(bot.decide(req).action).toEqual({ type: 'block', data: { role: 'contessa' } });
  });

  it('claims contessa on its last card rather than die quietly', () => {
    const hands: Role[][] = [
      ['assassin', 'duke'],
      ['captain', 'ambassador'],
    ];
    const req = scenario(
      { hands, deck: deck(hands), coins: [10, 2], firstSeat: 0 },
      [
        [0, { type: 'coup', data: { target: 1 } }],
        [1, { type: 'lose_card', data: { card_index: 1 } }],
        [1, { type: 'income' }],
        [0, { type: 'assassinate', data: { target: 1 } }],
        [1, { type: 'pass' }],
      ],
      1,
    );
    expect(bot.decide(req).action).toEqual({ type: 'block', data: { role: 'contessa' } });
  });

  it('keeps its best cards on an exchange', () => {
    const hands: Role[][] = [
      ['ambassador', 'contessa'],
      ['captain', 'captain'],
    ];
    const rest = deck(hands).filter((r) => r !== 'duke' && r !== 'assassin');
    const req = scenario(
      { hands, deck: ['duke', 'assassin', ...rest, 'duke', 'duke', 'assassin', 'assassin'], firstSeat: 0 },
      [
        [0, { type: 'exchange' }],
        [1, { type: 'pass' }],
      ],
      0,
    );
    expect(req.state.you?.drawn).toEqual(['duke', 'assassin']);
    // Pool: ambassador, contessa, duke, assassin: returning the first two keeps duke and assassin.
    expect(bot.decide(req).action).toEqual({ type: 'return_cards', data: { return_indices: [0, 1] } });
  });

  it('loses its least useful card', () => {
    const hands: Role[][] = [
      ['captain', 'duke'],
      ['duke', 'ambassador'],
    ];
    const req = scenario(
      { hands, deck: deck(hands), coins: [7, 2], firstSeat: 0 },
      [[0, { type: 'coup', data: { target: 1 } }]],
      1,
    );
    expect(bot.decide(req).action).toEqual({ type: 'lose_card', data: { card_index: 1 } });
  });

  it('challenges a claim that the visible cards prove false, like the honest bot', () => {
    const hands: Role[][] = [
      ['captain', 'contessa'],
      ['duke', 'duke'],
      ['duke', 'assassin'],
    ];
    const req = scenario(
      { hands, deck: deck(hands), coins: [7, 2, 2], firstSeat: 0 },
      [
        [0, { type: 'coup', data: { target: 2 } }],
        [2, { type: 'lose_card', data: { card_index: 0 } }],
        [1, { type: 'income' }],
        [2, { type: 'income' }],
        [0, { type: 'tax' }],
      ],
      1,
    );
    expect(req.phase).toBe('challenge_action');
    expect(bot.decide(req).action).toEqual({ type: 'challenge' });
    expect(honest.decide(req).action).toEqual({ type: 'challenge' });
  });
});
