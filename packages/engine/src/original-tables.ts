import { RULESETS } from './rulesets';
import type { ActionRule } from './rulesets';
import { TURN_ACTIONS } from './types';
import type { Role } from './types';

// The `original` ruleset's action table as the records the engine exported before rulesets were values.
// Kept so that code written against them still compiles and reads the same; new code reads the game's
// ruleset instead (rulesetOf(state).action[type], RULESETS[id]).

type OriginalTurnAction = (typeof TURN_ACTIONS)[number];

function table<T>(field: (a: ActionRule) => T): Readonly<Record<OriginalTurnAction, T>> {
  const rules = RULESETS.original.action;
  return Object.freeze(
    Object.fromEntries(TURN_ACTIONS.map((type) => [type, field(rules[type] as ActionRule)])),
  ) as Record<OriginalTurnAction, T>;
}

/** `original`'s cost of each action (RULESETS.original.action[type].cost). */
export const COST = table((a) => a.cost);
/** `original`'s claimed role of each action, or null. */
export const CLAIM = table<Role | null>((a) => a.claim);
/** `original`'s roles that may block each action (empty: unblockable). */
export const BLOCK_ROLES = table<readonly Role[]>((a) => a.blockers);
/** Whether each `original` action names a target. */
export const TARGETED = table((a) => a.targeted);
