import type { DecisionRequest } from '@coup/protocol';
import { answer, passOrFirst, remembering } from '../actions';
import { applyEntry, blankRecord } from '../history';
import type { SeatRecord } from '../history';
import { HistoryMemory } from '@coup/protocol';
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
  // Per match, the seats' records, kept up to date from each request's new events.
  const memory = new HistoryMemory(() => blankRecord(), applyEntry);
  return {
    name: 'heuristic',
    decide(req) {
      const known = memory.recall(req);
      return remembering(answer(heuristicAction(req, seed, known.state.recs)), known.complete);
    },
  };
}

/** `recs`: the seats' records so far (a bot's memory); without them, read from `req.history` (whole). */
export function heuristicAction(req: DecisionRequest, seed = 'heuristic', recs?: SeatRecord[]): LegalAction {
  const m = readModel(req, decisionRandom(seed, req), recs);
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
