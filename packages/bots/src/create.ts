import { heuristicBot } from './heuristic/index';
import { honestBot } from './honest';
import { peopleBot } from './people/index';
import { randomBot } from './random';
import { searchLevelBot } from './search/index';
import { BOT_KINDS } from './types';
import type { Bot, BotKind, BotOptions } from './types';

// The built-in bots by kind (index.ts re-exports these; spec.ts builds on them).

export function isBotKind(x: string): x is BotKind {
  return (BOT_KINDS as readonly string[]).includes(x);
}

/** A built-in bot by kind. Each instance has its own PRNG, seeded by `opts.seed`. */
export function createBot(kind: BotKind, opts: BotOptions = {}): Bot {
  switch (kind) {
    case 'random':
      return randomBot(opts);
    case 'honest':
      return honestBot(opts);
    case 'heuristic':
      return heuristicBot(opts);
    case 'people':
      return peopleBot(opts);
    case 'search-1':
      return searchLevelBot(1, opts);
    case 'search-2':
      return searchLevelBot(2, opts);
    case 'search-3':
      return searchLevelBot(3, opts);
    default:
      throw new Error(`unknown bot kind: ${String(kind)} (expected one of ${BOT_KINDS.join(', ')})`);
  }
}
