import type { Role } from '../types';
import { act } from './helpers';
import { scenario } from './scenario';
import type { Scenario } from './scenario';

// Named situations of the Inquisitor game (ruleset `inquisitors`), like scenarios.ts's for `original`.

/** seat 0: inquisitor+duke, seat 1: captain+contessa, seat 2: assassin+inquisitor. */
export const INQUISITOR_HANDS_3: Role[][] = [
  ['inquisitor', 'duke'],
  ['captain', 'contessa'],
  ['assassin', 'inquisitor'],
];

const inquisitors = { ruleset: 'inquisitors' } as const;

export const interrogationShow = (): Scenario =>
  scenario(
    'interrogationShow',
    'inquisitors: seat 0 (inquisitor+duke) interrogated seat 1 (captain+contessa), unchallenged: seat 1 shows a card',
    INQUISITOR_HANDS_3,
    inquisitors,
    [
      [0, act.interrogate(1)],
      [1, act.pass],
      [2, act.pass],
    ],
  );

export const interrogationDecide = (): Scenario =>
  scenario(
    'interrogationDecide',
    'inquisitors: seat 1 showed seat 0 its contessa (slot 1): seat 0 lets it keep it or forces an exchange',
    INQUISITOR_HANDS_3,
    inquisitors,
    [
      [0, act.interrogate(1)],
      [1, act.pass],
      [2, act.pass],
      [1, act.showCard(1)],
    ],
  );

export const inquisitorExchange = (): Scenario =>
  scenario(
    'inquisitorExchange',
    'inquisitors: seat 0 (inquisitor+duke) exchanged, unchallenged, drew a captain: pool is [inquisitor, duke, captain]',
    INQUISITOR_HANDS_3,
    { ...inquisitors, deckTop: ['captain'] },
    [
      [0, act.exchange],
      [1, act.pass],
      [2, act.pass],
    ],
  );

export const inquisitorStealBlockWindow = (): Scenario =>
  scenario(
    'inquisitorStealBlockWindow',
    'inquisitors: seat 1 (captain+contessa) steals from seat 0 (inquisitor+duke), unchallenged: seat 0 may block',
    INQUISITOR_HANDS_3,
    { ...inquisitors, firstSeat: 1 },
    [
      [1, act.steal(0)],
      [2, act.pass],
      [0, act.pass],
    ],
  );

export const INQUISITOR_SCENARIOS: Readonly<Record<string, () => Scenario>> = {
  interrogationShow,
  interrogationDecide,
  inquisitorExchange,
  inquisitorStealBlockWindow,
};
