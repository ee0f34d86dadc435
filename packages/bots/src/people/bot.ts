import type { Random } from '@coup/random';
import type { DecisionRequest } from '@coup/protocol';
import { answer, passOrFirst, remembering } from '../actions';
import { HistoryMemory } from '@coup/protocol';
import { decisionRandom } from '../rng';
import type { Bot, BotOptions, LegalAction } from '../types';
import { defaultPeopleModel } from './default-model';
import { distribution, propensity, revealFirst, revealRate, weightedIndex } from './estimate';
import {
  ACTION_OUTCOMES,
  BLOCK_OUTCOMES,
  TARGETED_ACTIONS,
  actionKeys,
  blockKeys,
  challengeKeys,
  targetKeys,
} from './features';
import type { TargetedAction } from './features';
import type { GameModel, PeopleModel } from './model';
import { applyPeopleEntry, blankPeopleRecord } from './record';
import type { PeopleRecord } from './record';
import { blockSituation, challengeSituation, handOf, targetCandidates, turnSituation } from './situations';

export interface PeopleBotOptions extends BotOptions {
  /** The model to play (default: the shipped one, packages/bots/models/people.json, loaded once). */
  model?: PeopleModel;
}

/**
 * Plays like people: every decision is drawn from how often people, in the archive's games, took each
 * choice in the same situation (the model's tables, features.ts), restricted to what is legal here. It
 * reads only its seat's request; the same seed and request give the same answer.
 */
export function peopleBot(opts: PeopleBotOptions = {}): Bot {
  const seed = opts.seed ?? 'people';
  // Loaded at start: a bad shipped model fails here (PeopleModelError), never in the middle of a match.
  const model = opts.model ?? defaultPeopleModel();
  const memory = new HistoryMemory(() => blankPeopleRecord(), applyPeopleEntry);
  return {
    name: 'people',
    decide(req) {
      const known = memory.recall(req);
      return remembering(answer(peopleAction(req, model, known.state, seed)), known.complete);
    },
  };
}

/** Whether the request shows anything of the Inquisitor game (remembered in the record once seen). */
function isInquisitors(req: DecisionRequest, rec: PeopleRecord): boolean {
  if (rec.inquisitors) return true;
  const you = req.state.you;
  const seen =
    req.phase.startsWith('interrogate') ||
    req.state.pending?.action === 'interrogate' ||
    req.legalActions.some((a) => a.type === 'interrogate') ||
    (you?.cards ?? []).some((c) => c.role === 'inquisitor') ||
    (you?.drawn ?? []).includes('inquisitor') ||
    req.state.players.some((p) => p.revealed.includes('inquisitor'));
  if (seen) rec.inquisitors = true;
  return seen;
}

function tablesFor(req: DecisionRequest, model: PeopleModel, rec: PeopleRecord): GameModel {
  const g = model.games;
  const t = isInquisitors(req, rec) ? (g.inquisitors ?? g.original) : (g.original ?? g.inquisitors);
  return t as GameModel;
}

/** One of `options` drawn by weight; uniform when no option has weight (never an illegal one). */
function choose(random: Random, options: { action: LegalAction; weight: number }[]): LegalAction | undefined {
  if (options.length === 0) return undefined;
  const weights = options.map((o) => o.weight);
  const i = weights.some((w) => w > 0)
    ? weightedIndex(random, weights)
    : Math.floor(random() * options.length);
  return options[i]?.action;
}

export function peopleAction(
  req: DecisionRequest,
  model: PeopleModel,
  rec: PeopleRecord,
  seed = 'people',
): LegalAction {
  const random = decisionRandom(seed, req);
  const m = tablesFor(req, model, rec);
  const k = model.smoothing;
  let chosen: LegalAction | undefined;
  switch (req.phase) {
    case 'action':
      chosen = turn(req, m, rec, k, random);
      break;
    case 'challenge_action':
    case 'challenge_block': {
      const s = challengeSituation(req, rec);
      const challenge = req.legalActions.find((a) => a.type === 'challenge');
      if (s && challenge) {
        const p = distribution(m.challenge, challengeKeys(s), k)[1] as number;
        if (random() < p) chosen = challenge;
      }
      break;
    }
    case 'block': {
      const s = blockSituation(req);
      if (!s) break;
      const dist = distribution(m.block, blockKeys(s), k);
      const options = req.legalActions.flatMap((a) => {
        const outcome = a.type === 'pass' ? 'pass' : a.type === 'block' ? a.data?.role : undefined;
        const i = BLOCK_OUTCOMES.indexOf(outcome as (typeof BLOCK_OUTCOMES)[number]);
        return i < 0 ? [] : [{ action: a, weight: dist[i] as number }];
      });
      chosen = choose(random, options);
      break;
    }
    case 'lose_influence':
      chosen = loseCard(req, m, k, random);
      break;
    case 'exchange_return':
      chosen = keepCards(req, m, random);
      break;
    default:
      // The Inquisitor's show and decide windows: the archive does not record them, so no table either.
      chosen = choose(
        random,
        req.legalActions.map((action) => ({ action, weight: 1 })),
      );
  }
  return chosen ?? passOrFirst(req);
}

function turn(req: DecisionRequest, m: GameModel, rec: PeopleRecord, k: number, random: Random) {
  const dist = distribution(m.action, actionKeys(turnSituation(req, rec)), k);
  const legalTypes = ACTION_OUTCOMES.filter((a) => req.legalActions.some((l) => l.type === a));
  const type = choose(
    random,
    legalTypes.map((a) => ({
      action: { type: a } as LegalAction,
      weight: dist[ACTION_OUTCOMES.indexOf(a)] as number,
    })),
  )?.type;
  if (!type) return undefined;
  if (!(TARGETED_ACTIONS as readonly string[]).includes(type))
    return req.legalActions.find((a) => a.type === type);
  const action = type as TargetedAction;
  const cands = targetCandidates(req, rec, action);
  const seat = choose(
    random,
    cands.map(({ seat, cand }) => ({
      action: { type: action, data: { target: seat } } as LegalAction,
      weight: propensity(m.target[action], targetKeys(cand), k),
    })),
  )?.data?.target;
  return req.legalActions.find((a) => a.type === action && a.data?.target === seat);
}

/** lose_card: between two different roles, the one people give up more often in that pair. */
function loseCard(req: DecisionRequest, m: GameModel, k: number, random: Random) {
  const cards = req.state.you?.cards ?? [];
  const options = req.legalActions.filter((a) => a.type === 'lose_card');
  const [a, b] = options.map((o) => cards[o.data?.card_index ?? -1]?.role);
  if (options.length !== 2 || !a || !b || a === b) return options[0];
  return random() < revealFirst(m, a, b, k) ? options[0] : options[1];
}

/** exchange_return: keep the cards people keep most (the least often given up), ties drawn at random. */
function keepCards(req: DecisionRequest, m: GameModel, random: Random) {
  const pool = [...handOf(req), ...(req.state.you?.drawn ?? [])];
  let best: LegalAction | undefined;
  let bestScore = -Infinity;
  for (const a of req.legalActions) {
    if (a.type !== 'return_cards') continue;
    const returned = a.data?.return_indices ?? [];
    let score = random() * 1e-6;
    pool.forEach((r, i) => {
      if (!returned.includes(i)) score += 1 - revealRate(m, r);
    });
    if (score > bestScore) {
      bestScore = score;
      best = a;
    }
  }
  return best;
}
