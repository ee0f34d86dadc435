import type { Answer, DecisionRequest } from '@coup/protocol';

/** One entry of `req.legalActions`: bots always answer with one of these objects, unchanged. */
export type LegalAction = DecisionRequest['legalActions'][number];

/**
 * A built-in agent: a pure, synchronous decision function over the wire request, so the same bot runs
 * in-process, behind `coup bot serve` (HTTP) or over a WebSocket without any change.
 */
export interface Bot {
  readonly name: string;
  decide(req: DecisionRequest): Answer;
}

export interface BotOptions {
  /** Seeds the bot's own PRNG; the same seed and requests give the same answers. */
  seed?: string;
}

export const BOT_KINDS = [
  'random',
  'honest',
  'heuristic',
  'people',
  'search-1',
  'search-2',
  'search-3',
] as const;
export type BotKind = (typeof BOT_KINDS)[number];

/** The levels of the search agent (`search-1` weakest), each a fixed budget per decision. */
export const SEARCH_KINDS = ['search-1', 'search-2', 'search-3'] as const satisfies readonly BotKind[];

/** The kinds that answer in microseconds: what property tests may ask at every decision. */
export const FAST_BOT_KINDS = [
  'random',
  'honest',
  'heuristic',
  'people',
] as const satisfies readonly BotKind[];

/**
 * The built-in bots registered as house agents (ranked, in the queue by default): every kind, so that the
 * leaderboard has known marks from the start (issue 22).
 */
export const HOUSE_BOT_KINDS: readonly BotKind[] = BOT_KINDS;
