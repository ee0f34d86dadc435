import type { Role } from '@coup/engine';
import { find, findBlock, passOrFirst } from '../actions';
import { blockersOf, holds, player } from '../table';
import type { LegalAction } from '../types';
import { lossCost, oppCoinValue, oppLossValue, pChallengeBy, pHold } from './model';
import type { Model } from './model';

const challengeOrPass = (m: Model, yes: boolean): LegalAction =>
  (yes ? find(m.req, 'challenge') : undefined) ?? passOrFirst(m.req);

/** Chance that my bluffed block survives: the actor does not challenge it. */
function blockSurvives(m: Model, actor: number, role: Role): number {
  return holds(m.t, role) ? 1 : 1 - pChallengeBy(m, actor, role);
}

/** challenge_action: challenge when the expected gain beats the expected loss of a card. */
export function heuristicChallengeAction(m: Model): LegalAction {
  const { t } = m;
  const p = m.req.state.pending;
  if (!p?.claim) return passOrFirst(m.req);
  const pTrue = pHold(m, p.actor, p.claim, true);
  if (pTrue <= 0) return challengeOrPass(m, true);
  const L = lossCost(m);
  const targetsMe = p.target === t.me;
  let harm = 0;
  let extra = 0;
  switch (p.action) {
    case 'tax':
      harm = 3 * oppCoinValue(m, p.actor);
      break;
    case 'steal': {
      const gain = Math.min(2, player(t, p.target ?? -1)?.coins ?? 0);
      const canBlock = blockersOf(t, 'steal').some((r) => holds(t, r));
      harm = targetsMe ? (canBlock ? 0 : gain * 2) : gain * oppCoinValue(m, p.actor);
      break;
    }
    case 'assassinate':
      if (targetsMe) {
        if (t.hand.length === 1) {
          // Last card: both roads may end the game. Challenge when the claim is likelier false than my
          // contessa block (real or bluffed) is to survive.
          return challengeOrPass(m, 1 - pTrue > blockSurvives(m, p.actor, 'contessa'));
        }
        if (holds(t, 'contessa')) break; // the block is safe: no reason to risk a card on a challenge
        const survive = blockSurvives(m, p.actor, 'contessa');
        // Letting it through: the cheaper of losing a card and bluffing a contessa (both cards if caught).
        harm = Math.min(L, (1 - survive) * 25);
        // A wrong challenge costs a card, and the assassination then comes for my last one.
        extra = (1 - survive) * 25;
      } else harm = oppLossValue(m) * 0.3;
      break;
    case 'exchange':
      harm = 0.5;
      break;
    case 'interrogate':
      // It learns one of my cards and may force a good one out; someone else's interrogation hardly matters.
      harm = targetsMe ? 1.5 : 0.2;
      break;
    default:
      break;
  }
  const gain = (1 - pTrue) * (oppLossValue(m) + harm);
  const cost = pTrue * (L + extra);
  return challengeOrPass(m, gain > cost * 1.4);
}

/** block: block with a role I hold; bluff a block when the actor is unlikely to challenge it. */
export function heuristicBlock(m: Model): LegalAction {
  const { req, t } = m;
  const p = req.state.pending;
  if (!p) return passOrFirst(req);
  const L = lossCost(m);
  const tryBlock = (role: Role, worth: number): LegalAction | undefined => {
    const a = findBlock(req, role);
    if (!a) return undefined;
    if (holds(t, role)) return a;
    const survive = blockSurvives(m, p.actor, role);
    // A caught block costs a card and lets the action through.
    return survive * worth - (1 - survive) * (L + worth) > 0 ? a : undefined;
  };
  switch (p.action) {
    case 'foreign_aid': {
      const coins = player(t, p.actor)?.coins ?? 0;
      const worth = 2 * oppCoinValue(m, p.actor) + (coins + 2 >= 7 ? 2 : 0);
      return tryBlock('duke', worth) ?? passOrFirst(req);
    }
    case 'steal': {
      const worth = Math.min(2, t.coins) * 2;
      const blockers = blockersOf(t, 'steal');
      for (const r of blockers) if (holds(t, r)) return findBlock(req, r) ?? passOrFirst(req);
      // Bluff the role with more unseen copies: harder to prove false.
      let role: Role | undefined;
      for (const r of blockers) if (role === undefined || t.unseen[r] > t.unseen[role]) role = r;
      return (role ? tryBlock(role, worth) : undefined) ?? passOrFirst(req);
    }
    case 'assassinate': {
      if (holds(t, 'contessa')) return findBlock(req, 'contessa') ?? passOrFirst(req);
      // Last card: without a block the game is lost anyway.
      if (t.hand.length === 1) return findBlock(req, 'contessa') ?? passOrFirst(req);
      const survive = blockSurvives(m, p.actor, 'contessa');
      // Passing loses one card; a caught bluff loses both.
      return survive * L > (1 - survive) * 25
        ? (findBlock(req, 'contessa') ?? passOrFirst(req))
        : passOrFirst(req);
    }
    default:
      return passOrFirst(req);
  }
}

/** challenge_block: I am the actor; challenge the block when it is likely a bluff and worth it. */
export function heuristicChallengeBlock(m: Model): LegalAction {
  const { t } = m;
  const p = m.req.state.pending;
  if (!p || p.blocker === null || !p.blockRole) return passOrFirst(m.req);
  const pTrue = pHold(m, p.blocker, p.blockRole, true);
  if (pTrue <= 0) return challengeOrPass(m, true);
  let worth = 0;
  switch (p.action) {
    case 'foreign_aid':
      worth = 2;
      break;
    case 'steal':
      worth = Math.min(2, player(t, p.blocker)?.coins ?? 0) * 2;
      break;
    case 'assassinate':
      // A failed contessa block costs the blocker a card, and the assassination another.
      worth = oppLossValue(m);
      break;
    default:
      break;
  }
  const gain = (1 - pTrue) * (oppLossValue(m) + worth);
  const cost = pTrue * lossCost(m);
  return challengeOrPass(m, gain > cost * 1.4);
}
