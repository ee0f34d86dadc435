import { answer, remembering } from '../actions';
import { heuristicAction } from '../heuristic/index';
import { HistoryMemory } from '@coup/protocol';
import { decisionRandom } from '../rng';
import type { Bot, BotOptions } from '../types';
import { blankKnowledge, foldKnowledge } from './knowledge';
import { fastRandom } from './rollout';
import { search } from './search';
import type { SearchBudget } from './search';

export { search } from './search';
export type { SearchBudget, SearchResult } from './search';

/**
 * The levels of `bot:search-N`: playouts per decision, and a wall-clock cap well inside the platform's
 * default deadline (MATCH_TIMEOUT_MS, 5000 ms; the search also never takes more than 30% of a request's
 * own `timeoutMs`). The playout budget binds on any machine near the benchmark's, so a level's answers
 * are reproducible; the cap only matters on a machine many times slower.
 */
export const SEARCH_LEVELS = {
  1: { playouts: 10, ms: 250 },
  2: { playouts: 60, ms: 750 },
  3: { playouts: 1600, ms: 1500 },
} as const satisfies Record<number, SearchBudget>;
export type SearchLevel = keyof typeof SEARCH_LEVELS;

/** Budget of `bot:search --budget-ms N` (time only) and `--budget-playouts N` (playouts, default cap). */
export const DEFAULT_SEARCH_MS = 1000;
export const MAX_SEARCH_PLAYOUTS = 1_000_000;

export interface SearchBotOptions extends BotOptions {
  budget?: Partial<SearchBudget>;
  /** The name it plays under (default `search`). */
  name?: string;
}

/** Counters for the benchmark: decisions searched and playouts run by this instance. */
export interface SearchStats {
  decisions: number;
  searched: number;
  playouts: number;
}

export interface SearchBot extends Bot {
  readonly stats: SearchStats;
}

/**
 * Information-set Monte Carlo search from the seat's own view and public history (search.ts). It searches
 * its turns, challenges and blocks; losing a card and returning exchanged cards (choices where card values
 * say enough) and an interrogation's answers it leaves to the heuristic bot's rules.
 */
export function searchBot(opts: SearchBotOptions = {}): SearchBot {
  const seed = opts.seed ?? 'search';
  const budget: SearchBudget = {
    playouts:
      opts.budget?.playouts ??
      (opts.budget?.ms !== undefined ? MAX_SEARCH_PLAYOUTS : SEARCH_LEVELS[2].playouts),
    ms: opts.budget?.ms ?? (opts.budget?.playouts !== undefined ? DEFAULT_SEARCH_MS : SEARCH_LEVELS[2].ms),
  };
  const memory = new HistoryMemory(blankKnowledge, foldKnowledge);
  const stats: SearchStats = { decisions: 0, searched: 0, playouts: 0 };
  return {
    name: opts.name ?? 'search',
    stats,
    decide(req) {
      const known = memory.recall(req);
      stats.decisions++;
      const searched =
        req.legalActions.length > 1 &&
        (req.phase === 'action' ||
          req.phase === 'challenge_action' ||
          req.phase === 'block' ||
          req.phase === 'challenge_block');
      if (!searched) {
        return remembering(answer(heuristicAction(req, seed, known.state.h.recs)), known.complete);
      }
      const random = decisionRandom(seed, req);
      const rnd = fastRandom((random() * 0x100000000) >>> 0);
      const r = search(req, known.state, budget, rnd);
      stats.searched++;
      stats.playouts += r.playouts;
      return remembering(answer(r.action), known.complete);
    },
  };
}

export function searchLevelBot(level: SearchLevel, opts: BotOptions = {}): SearchBot {
  return searchBot({ ...opts, budget: SEARCH_LEVELS[level], name: `search-${level}` });
}
