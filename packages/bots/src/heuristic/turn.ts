import type { Role } from '@coup/engine';
import { find, findTargeted, passOrFirst, targetsOf } from '../actions';
import { challengeRate } from '../history';
import { blockersOf, claimOf, holds, player } from '../table';
import type { LegalAction } from '../types';
import { bestBy, lossCost, oppCoinValue, oppLossValue, pAnyChallenge, pHold, threat } from './model';
import type { Model } from './model';

interface Option {
  action: LegalAction;
  /** Expected value in coins. */
  ev: number;
}

/** The heuristic bot's turn: coup at 7+, else the action with the best expected value, bluffs included. */
export function heuristicTurn(m: Model): LegalAction {
  const { req, t } = m;
  const coups = targetsOf(req, 'coup');
  if (coups.length > 0 && t.coins >= 7) {
    const target = bestBy(coups, (s) => threat(m, s));
    const a = target !== undefined ? findTargeted(req, 'coup', target) : undefined;
    if (a) return a;
  }
  const options: Option[] = [];
  const L = lossCost(m);
  // A bluff is caught when someone challenges: the claim fails and I lose a card.
  const bluffRisk = (role: Role): number => (holds(t, role) ? 0 : pAnyChallenge(m, role));
  // A true claim is the opposite bet: whoever challenges it loses a card.
  let noChallenge = 1;
  for (const o of t.opponents) noChallenge *= 1 - challengeRate(m.recs[o.seat]);
  const trapBonus = (role: Role): number => (holds(t, role) ? (1 - noChallenge) * oppLossValue(m) : 0);
  const add = (action: LegalAction | undefined, ev: number) => {
    // A little noise keeps the bot from being perfectly predictable between equal options.
    if (action) options.push({ action, ev: ev + m.rand() * 0.25 });
  };

  add(find(req, 'income'), 1);

  let noDukeBlock = 1;
  for (const o of t.opponents) noDukeBlock *= 1 - pHold(m, o.seat, 'duke');
  add(find(req, 'foreign_aid'), 2 * noDukeBlock);

  const taxRisk = bluffRisk('duke');
  add(find(req, 'tax'), 3 * (1 - taxRisk) - taxRisk * L + trapBonus('duke'));

  const stealRisk = bluffRisk('captain');
  for (const s of targetsOf(req, 'steal')) {
    const gain = Math.min(2, player(t, s)?.coins ?? 0);
    let pNoBlock = 1;
    for (const role of blockersOf(t, 'steal')) pNoBlock *= 1 - pHold(m, s, role);
    const pBlock = 1 - pNoBlock;
    const swing = gain * (1 + oppCoinValue(m, s));
    add(
      findTargeted(req, 'steal', s),
      (1 - stealRisk) * (1 - pBlock) * swing - stealRisk * L + trapBonus('captain'),
    );
  }

  const killRisk = bluffRisk('assassin');
  for (const s of targetsOf(req, 'assassinate')) {
    const p = player(t, s);
    const pContessa = pHold(m, s, 'contessa');
    // A target on its last card blocks with contessa whether or not it has one, if it dares to bluff.
    const pBlock = p?.faceDown === 1 ? pContessa + (1 - pContessa) * 0.5 : pContessa;
    const kill = oppLossValue(m) + threat(m, s) * 0.3;
    add(
      findTargeted(req, 'assassinate', s),
      (1 - killRisk) * (1 - pBlock) * kill - 3 - killRisk * L + trapBonus('assassin'),
    );
  }

  const exchangeClaim = claimOf(t, 'exchange');
  if (exchangeClaim) {
    const exchangeRisk = bluffRisk(exchangeClaim);
    const weakHand = !t.hand.some((r) => r === 'duke' || r === 'assassin' || r === 'captain');
    // Seeing two cards (original) is worth more than seeing one (the inquisitor's exchange).
    const draws = t.rules.exchangeDraw;
    add(
      find(req, 'exchange'),
      (weakHand ? 1 + draws / 2 : draws / 4) * (1 - exchangeRisk) -
        exchangeRisk * L +
        trapBonus(exchangeClaim),
    );
  }

  const interrogateClaim = claimOf(t, 'interrogate');
  if (interrogateClaim) {
    const risk = bluffRisk(interrogateClaim);
    for (const s of targetsOf(req, 'interrogate')) {
      const p = player(t, s);
      const unknown = (p?.faceDown ?? 0) - (m.recs[s]?.known.length ?? 0);
      if (unknown <= 0) continue; // nothing left to learn: I know its hand
      // A card seen sharpens every later challenge and block against the seat, and a strong one can be
      // forced back into the deck; a seat's last card seen is its whole hand. Worth most on the threat.
      const info = 0.6 + (p?.faceDown === 1 ? 1 : 0) + 0.12 * threat(m, s);
      add(findTargeted(req, 'interrogate', s), (1 - risk) * info - risk * L + trapBonus(interrogateClaim));
    }
  }

  // Forced coup below 7 coins never happens (coup needs 7), so options are empty only with 10+ coins.
  let best: Option | undefined;
  for (const o of options) if (!best || o.ev > best.ev) best = o;
  return best?.action ?? passOrFirst(req);
}
