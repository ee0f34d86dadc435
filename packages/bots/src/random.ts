import { answer } from './actions';
import { pick } from '@coup/random';
import { decisionRandom } from './rng';
import type { Bot, BotOptions, LegalAction } from './types';

/** Uniform over the legal actions: the baseline every other bot must beat. */
export function randomBot(opts: BotOptions = {}): Bot {
  const seed = opts.seed ?? 'random';
  return {
    name: 'random',
    decide(req) {
      return answer(pick<LegalAction>(decisionRandom(seed, req), req.legalActions));
    },
  };
}
