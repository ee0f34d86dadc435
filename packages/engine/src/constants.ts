import type { Role, TurnActionType } from './types';

/** Bumped whenever the engine could produce a different game from the same seed and answers. */
export const ENGINE_VERSION = '1.0.0';
/** Bumped whenever RULES.md changes. */
export const RULESET_VERSION = '1';

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
