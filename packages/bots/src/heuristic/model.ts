import type { Role, RulesetId } from '@coup/engine';
import type { DecisionRequest } from '@coup/protocol';
import { bluffRate, challengeRate, readHistory } from '../history';
import type { SeatRecord } from '../history';
import type { Random } from '@coup/random';
import { player, probAmong, probHolds, probHoldsAll, readTable } from '../table';
import type { Table } from '../table';

/**
 * Everything the heuristic bot estimates, in one place: card-counting odds refined by the public history,
 * and the coin values it uses to compare a card against coins. Values are in coins: a coup costs 7 coins
 * for one card, so a card is worth a bit more than 7 to its owner's opponents.
 */
export interface Model {
  req: DecisionRequest;
  t: Table;
  recs: SeatRecord[];
  rand: Random;
}

/**
 * `recs`: the seats' records kept by the bot's memory; without them, read from `req.history` (whole).
 * `ruleset`: the match's game as the memory knows it (default: what the request shows).
 */
export function readModel(
  req: DecisionRequest,
  rand: Random,
  recs?: SeatRecord[],
  ruleset?: RulesetId,
): Model {
  const t = readTable(req, ruleset);
  return { req, t, recs: recs ?? readHistory(req.history, Math.max(req.state.players.length, 6)), rand };
}

/**
 * Chance that `seat` holds `role`: card counting, then Bayes on its claims (a claim is likely true from a
 * seat that rarely bluffs) and on the times it passed when the role would have helped it.
 */
export function pHold(m: Model, seat: number, role: Role, claimingNow = false): number {
  let p = probKnowing(m, seat, role);
  if (p <= 0 || p >= 1) return p;
  const rec = m.recs[seat];
  if (claimingNow || rec?.claims.has(role)) p = p / (p + (1 - p) * bluffRate(rec));
  if (rec?.denied.has(role)) p = (p * 0.4) / (p * 0.4 + (1 - p));
  return p;
}

/**
 * Card counting with what my interrogations showed (SeatRecord.known): a role I saw and let the seat keep
 * is held; its other cards are dealt from the unseen pool less every card I know of.
 */
export function probKnowing(m: Model, seat: number, role: Role): number {
  const known = m.recs[seat]?.known ?? [];
  if (seat === m.t.me || m.t.opponents.every((o) => (m.recs[o.seat]?.known.length ?? 0) === 0))
    return probHolds(m.t, seat, role);
  if (known.includes(role)) return 1;
  let allKnown = 0;
  let roleKnown = 0;
  for (const o of m.t.opponents)
    for (const r of m.recs[o.seat]?.known ?? []) {
      allKnown++;
      if (r === role) roleKnown++;
    }
  const h = (player(m.t, seat)?.faceDown ?? 0) - known.length;
  return probAmong(h, m.t.unseen[role] - roleKnown, m.t.unseenTotal - allKnown);
}

/** Chance that `seat` challenges a claim of `role` that I make without the card. */
export function pChallengeBy(m: Model, seat: number, role: Role): number {
  const proof = probHoldsAll(m.t, seat, role);
  return 1 - (1 - challengeRate(m.recs[seat])) * (1 - proof);
}

/** Chance that at least one other living seat challenges my claim of `role` on my turn. */
export function pAnyChallenge(m: Model, role: Role): number {
  let none = 1;
  for (const o of m.t.opponents) none *= 1 - pChallengeBy(m, o.seat, role);
  return 1 - none;
}

/** What losing one of my cards costs me: a card with two, the game with one. */
export function lossCost(m: Model): number {
  return m.t.hand.length >= 2 ? 8 : 25;
}

/** What an opponent losing a card is worth to me: less with more opponents to share the benefit. */
export function oppLossValue(m: Model): number {
  const n = Math.max(1, m.t.opponents.length);
  return 8 / Math.sqrt(n);
}

/** Coins gained by an opponent, as a loss to me. */
export function oppCoinValue(m: Model, seat: number): number {
  const n = Math.max(1, m.t.opponents.length);
  const coins = player(m.t, seat)?.coins ?? 0;
  // Coins that bring a seat to a coup are worth more than the ones far from it.
  return (coins >= 4 ? 1 : 0.6) / Math.sqrt(n);
}

/** How dangerous a seat is: cards first, then coins, with a jump once it can coup. */
export function threat(m: Model, seat: number): number {
  const p = player(m.t, seat);
  if (!p || p.eliminated) return -Infinity;
  const rec = m.recs[seat];
  let v = p.faceDown * 3 + p.coins * 0.6 + (p.coins >= 7 ? 4 : 0);
  if (rec?.claims.has('assassin')) v += 1;
  if (rec?.claims.has('duke')) v += 1;
  return v;
}

export function bestBy(seats: number[], score: (seat: number) => number): number | undefined {
  let best: number | undefined;
  let bestScore = -Infinity;
  for (const s of seats) {
    const v = score(s);
    if (v > bestScore) {
      bestScore = v;
      best = s;
    }
  }
  return best;
}
