import type { Role, TurnActionType } from './types';

/**
 * Bumped whenever the engine could produce a different game from the same seed and answers. Older
 * versions stay playable (versions.ts) so that their replays still verify. 2.0.0: 128-bit seeding,
 * forfeits reveal in role order.
 */
export const ENGINE_VERSION = '2.0.0';
/** Bumped whenever RULES.md changes. 2: other seats no longer see slots (card_shown, influence_lost). */
export const RULESET_VERSION = '2';

export const MIN_SEATS = 2;
export const MAX_SEATS = 6;
export const COPIES_PER_ROLE = 3;
export const START_COINS = 2;
export const HAND_SIZE = 2;
export const TURN_CAP = 300;
export const FORCED_COUP_COINS = 10;

export const COST: Readonly<Record<TurnActionType, number>> = {
  income: 0,
  foreign_aid: 0,
  coup: 7,
  tax: 0,
  assassinate: 3,
  steal: 0,
  exchange: 0,
};

export const CLAIM: Readonly<Record<TurnActionType, Role | null>> = {
  income: null,
  foreign_aid: null,
  coup: null,
  tax: 'duke',
  assassinate: 'assassin',
  steal: 'captain',
  exchange: 'ambassador',
};

/** Roles that may block each action (empty: unblockable). */
export const BLOCK_ROLES: Readonly<Record<TurnActionType, readonly Role[]>> = {
  income: [],
  foreign_aid: ['duke'],
  coup: [],
  tax: [],
  assassinate: ['contessa'],
  steal: ['captain', 'ambassador'],
  exchange: [],
};

export const TARGETED: Readonly<Record<TurnActionType, boolean>> = {
  income: false,
  foreign_aid: false,
  coup: true,
  tax: false,
  assassinate: true,
  steal: true,
  exchange: false,
};
