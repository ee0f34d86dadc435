export * from './types';
export {
  ENGINE_VERSION,
  RULESET_VERSION,
  MIN_SEATS,
  MAX_SEATS,
  TURN_CAP,
  FORCED_COUP_COINS,
  COPIES_PER_ROLE,
  START_COINS,
  HAND_SIZE,
} from './constants';
export { COST, CLAIM, BLOCK_ROLES, TARGETED } from './original-tables';
export { RULESETS, DEFAULT_RULESET, defineRuleset, isRulesetId, rulesetOf, unknownRuleset } from './rulesets';
export type { ActionRule, Draft, PhaseRule, Redactor, Ruleset } from './rulesets';
export { ENGINE_VERSIONS, isEngineVersion, unknownEngineVersion } from './versions';
export { createGame, fullDeck } from './create';
export { pendingSeats } from './pending';
export { legalActions } from './legal';
export { applyAction, matchLegal } from './apply';
export { forfeit } from './forfeit';
export { defaultAction } from './defaults';
export { viewFor, eventFor, eventsFor } from './view';
export { isOver, ranking } from './ranking';
