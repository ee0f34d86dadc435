import type { Role } from '@coup/engine';
import type { DecisionRequest } from '@coup/protocol';
import { BLOCKERS, markRichest } from './features';
import type {
  BlockSituation,
  ChallengeSituation,
  TargetCandidate,
  TargetedAction,
  TurnSituation,
} from './features';
import { claimedBefore, standsOn } from './record';
import type { PeopleRecord } from './record';

// The `people` bot's situations, read from its own request only (its seat's view and the public
// history, folded into a PeopleRecord): never another seat's cards.

const COPIES = 3;

export function handOf(req: DecisionRequest): Role[] {
  const out: Role[] = [];
  for (const c of req.state.you?.cards ?? []) if (!c.revealed) out.push(c.role);
  return out;
}

const living = (req: DecisionRequest) => req.state.players.filter((p) => !p.eliminated);
const playerAt = (req: DecisionRequest, seat: number | null | undefined) =>
  seat === null || seat === undefined ? undefined : req.state.players.find((p) => p.seat === seat);

export function turnSituation(req: DecisionRequest, rec: PeopleRecord): TurnSituation {
  const opponents = living(req).filter((p) => p.seat !== req.seat);
  return {
    coins: req.state.you?.coins ?? playerAt(req, req.seat)?.coins ?? 0,
    hand: handOf(req),
    alive: living(req).length,
    threatened: opponents.some((p) => p.coins >= 7),
    dukeClaimed: opponents.some((p) => standsOn(rec, p.seat, 'duke')),
  };
}

/** The chance to challenge the pending claim (of the action, or of the block); null without one. */
export function challengeSituation(req: DecisionRequest, rec: PeopleRecord): ChallengeSituation | null {
  const p = req.state.pending;
  if (!p) return null;
  const against = req.phase === 'challenge_block' ? 'block' : 'action';
  const role = against === 'block' ? p.blockRole : p.claim;
  const claimer = against === 'block' ? p.blocker : p.actor;
  if (!role || claimer === null) return null;
  const hand = handOf(req);
  const mine = hand.filter((r) => r === role).length;
  let revealed = 0;
  for (const q of req.state.players) for (const r of q.revealed) if (r === role) revealed++;
  return {
    against,
    role,
    mine,
    unseen: COPIES - revealed - mine,
    vsMe: against === 'action' && p.target === req.seat,
    myCards: hand.length,
    theirCards: playerAt(req, claimer)?.faceDown ?? 1,
    alive: living(req).length,
    repeat: claimedBefore(rec, claimer, role, req.state.turn),
  };
}

export function blockSituation(req: DecisionRequest): BlockSituation | null {
  const action = req.state.pending?.action;
  if (action !== 'foreign_aid' && action !== 'steal' && action !== 'assassinate') return null;
  const hand = handOf(req);
  return {
    action,
    held: BLOCKERS[action].filter((r) => hand.includes(r)),
    myCards: hand.length,
    alive: living(req).length,
  };
}

/** The legal targets of `action`, described as candidates (in the order listed). */
export function targetCandidates(
  req: DecisionRequest,
  rec: PeopleRecord,
  action: TargetedAction,
): { seat: number; cand: TargetCandidate }[] {
  const seats: number[] = [];
  for (const a of req.legalActions)
    if (a.type === action && a.data?.target !== undefined && !seats.includes(a.data.target))
      seats.push(a.data.target);
  const blocking: readonly Role[] =
    action === 'steal' ? BLOCKERS.steal : action === 'assassinate' ? BLOCKERS.assassinate : [];
  const described = seats.map((seat) => {
    const p = playerAt(req, seat);
    return {
      coins: p?.coins ?? 0,
      cards: p?.faceDown ?? 1,
      blockClaim: blocking.some((r) => standsOn(rec, seat, r)),
    };
  });
  const marked = markRichest(described);
  return seats.map((seat, i) => ({ seat, cand: marked[i] as TargetCandidate }));
}
