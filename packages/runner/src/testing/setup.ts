import type { GameSetup } from '@coup/engine';

/** A fixed four-seat deal (3 of each role), seat 0 first: hands are known to the tests. */
export const FOUR_SEATS: GameSetup = {
  hands: [
    ['duke', 'captain'],
    ['assassin', 'contessa'],
    ['duke', 'ambassador'],
    ['captain', 'contessa'],
  ],
  deck: ['duke', 'assassin', 'assassin', 'captain', 'ambassador', 'ambassador', 'contessa'],
  firstSeat: 0,
};

/** A fixed three-seat deal, seat 0 first. */
export const THREE_SEATS: GameSetup = {
  hands: [
    ['duke', 'assassin'],
    ['captain', 'contessa'],
    ['ambassador', 'duke'],
  ],
  deck: [
    'assassin',
    'assassin',
    'captain',
    'captain',
    'ambassador',
    'ambassador',
    'contessa',
    'contessa',
    'duke',
  ],
  firstSeat: 0,
};
