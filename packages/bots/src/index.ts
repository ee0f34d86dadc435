export { BOT_KINDS, HOUSE_BOT_KINDS } from './types';
export type { Bot, BotKind, BotOptions, LegalAction } from './types';
export { randomBot } from './random';
export { honestBot } from './honest';
export { heuristicBot } from './heuristic/index';
export * from './people/index';

export { createBot, isBotKind } from './create';
export { houseBotDecide } from './house';
export type { HouseBotOptions } from './house';
