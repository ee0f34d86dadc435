import type { DecisionRequest } from '@coup/protocol';
import { answer, passOrFirst } from '../actions';
import { chooseLoss, chooseReturn } from '../cards';
import { decisionRandom } from '../rng';
import type { Bot, BotOptions, LegalAction } from '../types';
import { readModel } from './model';
import { heuristicBlock, heuristicChallengeAction, heuristicChallengeBlock } from './respond';
import { heuristicTurn } from './turn';
import { heuristicValue } from './values';

/**
 * Card counting and expected values: bluffs when the table is unlikely to challenge, challenges claims
 * that the visible cards and the claimant's record make unlikely, defends its last card, goes after the
 * strongest opponent.
 */
export function heuristicBot(opts: BotOptions = {}): Bot {
  const seed = opts.seed ?? 'heuristic';
  return {
    name: 'heuristic',
    decide(req) {
      return answer(heuristicAction(req, seed));
    },
  };
}

export function heuristicAction(req: DecisionRequest, seed = 'heuristic'): LegalAction {
  const m = readModel(req, decisionRandom(seed, req));
  switch (req.phase) {
    case 'action':
      return heuristicTurn(m);
    case 'challenge_action':
      return heuristicChallengeAction(m);
    case 'block':
      return heuristicBlock(m);
    case 'challenge_block':
      return heuristicChallengeBlock(m);
    case 'lose_influence':
      return chooseLoss(req, heuristicValue(m));
    case 'exchange_return':
      return chooseReturn(req, m.t, heuristicValue(m));
    default:
      return passOrFirst(req);
  }
}
