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

export const BOT_KINDS = ['random', 'honest', 'heuristic', 'people'] as const;
export type BotKind = (typeof BOT_KINDS)[number];

/**
 * The built-in bots registered as house agents (ranked, in the queue). `people` (issue 22) joins them after
 * the house-agent refactor: add it here then.
 */
export const HOUSE_BOT_KINDS: readonly BotKind[] = ['random', 'honest', 'heuristic'];
