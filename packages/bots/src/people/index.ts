// `people`: the built-in agent fitted to people's decisions in a human dataset (docs/DESIGN.md).
export { peopleBot, peopleAction } from './bot';
export type { PeopleBotOptions } from './bot';
export { defaultPeopleModel, PEOPLE_MODEL_FILE } from './default-model';
export * from './features';
export * from './model';
export * from './counts';
export { distribution, propensity, revealFirst, revealRate } from './estimate';
export { applyPeopleEntry, blankPeopleRecord, claimedBefore, dropClaim, noteClaim, standsOn } from './record';
export type { PeopleRecord } from './record';
