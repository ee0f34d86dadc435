export { BOT_KINDS, FAST_BOT_KINDS, HOUSE_BOT_KINDS, SEARCH_KINDS } from './types';
export type { Bot, BotKind, BotOptions, LegalAction } from './types';
export { randomBot } from './random';
export { honestBot } from './honest';
export { heuristicBot } from './heuristic/index';
export * from './people/index';
export { searchBot, searchLevelBot, search, SEARCH_LEVELS, DEFAULT_SEARCH_MS } from './search/index';
export type {
  SearchBot,
  SearchBotOptions,
  SearchBudget,
  SearchLevel,
  SearchResult,
  SearchStats,
} from './search/index';
export { createBot, isBotKind } from './create';
export { parseBotSpec, botFromSpec } from './spec';
export type { BotSpec } from './spec';
export { houseBotDecide } from './house';
export type { HouseBotOptions } from './house';
