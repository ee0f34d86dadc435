export * from './types';
export {
  ENGINE_VERSION,
  RULESET_VERSION,
  MIN_SEATS,
  MAX_SEATS,
  TURN_CAP,
  COST,
  CLAIM,
  BLOCK_ROLES,
  TARGETED,
  FORCED_COUP_COINS,
  COPIES_PER_ROLE,
  START_COINS,
  HAND_SIZE,
} from './constants';
export { ENGINE_VERSIONS, isEngineVersion, unknownEngineVersion } from './versions';
export { createGame, fullDeck } from './create';
export { pendingSeats } from './pending';
export { legalActions } from './legal';
export { applyAction, matchLegal } from './apply';
export { forfeit } from './forfeit';
export { viewFor, eventFor, eventsFor } from './view';
export { isOver, ranking } from './ranking';
