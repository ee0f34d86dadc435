import { ENGINE_VERSION, RULESETS } from '@coup/engine';
import { stateFromInt } from '@coup/random';
import type {
  Card,
  GameState,
  PlayerState,
  ResponseWindow,
  Role,
  RulesetId,
  WindowAnswer,
} from '@coup/engine';
import type { DecisionRequest } from '@coup/protocol';
import { bluffRate } from '../history';
import type { Knowledge } from './knowledge';
import { DEFAULT_BLUFF_BLOCK, DEFAULT_CHALLENGE } from './rollout';
import type { Habits } from './rollout';

// One guess at the hidden cards, consistent with what the seat knows, as a full engine state to play on.
// The seat knows its own cards, every revealed card, how many cards each seat holds face down and how big
// the deck is; the rest (the unseen pool) is dealt at random, weighted by the public history: a seat that
// claimed a role and was not caught more likely holds it (as much more likely as its bluffing record
// says), a seat that let itself be robbed or assassinated without blocking less likely holds the blocker.
// Nothing here reads anything but the request and the seat's own fold of its history.

/** How much a role a seat visibly declined to claim counts against it being in its hand. */
const DENIED_WEIGHT = 0.45;
/** Random deals drawn per sample; one is kept with probability proportional to its weight. */
const CANDIDATES = 8;

export interface Frame {
  ruleset: RulesetId;
  /** The unseen pool, role by role (copies neither revealed nor in the seat's hand). */
  pool: Role[];
  /** Face-down counts of the other seats (0 for the seat itself). */
  hidden: number[];
  /** Per other seat: [role, weight when held, weight when not held]. */
  hints: [Role, number, number][][];
  /** The state with every other seat's face-down cards and the deck still to fill in. */
  base: GameState;
  /** The seats' habits as their public record shows them (the playouts' challenge rates). */
  habits: Habits;
}

/** The ruleset the request's own contents or the history betray; `original` when nothing tells. */
function rulesetOf(req: DecisionRequest, k: Knowledge): RulesetId {
  if (k.ruleset) return k.ruleset;
  const roles: string[] = [];
  for (const c of req.state.you?.cards ?? []) roles.push(c.role);
  for (const r of req.state.you?.drawn ?? []) roles.push(r);
  for (const p of req.state.players) roles.push(...p.revealed);
  for (const a of req.legalActions) {
    if (a.type === 'interrogate') return 'inquisitors';
    if (a.data?.role) roles.push(a.data.role);
  }
  if (roles.includes('inquisitor')) return 'inquisitors';
  return 'original';
}

/** Seats in the window's order: the living seats after `actor`, in turn order. */
function othersAfter(req: DecisionRequest, actor: number): number[] {
  const n = req.state.players.length;
  const out: number[] = [];
  for (let k = 1; k < n; k++) {
    const i = (actor + k) % n;
    if (!req.state.players[i]?.eliminated) out.push(i);
  }
  return out;
}

function windowOf(req: DecisionRequest, k: Knowledge): ResponseWindow | null {
  const phase = req.phase;
  const p = req.state.pending;
  if ((phase !== 'challenge_action' && phase !== 'block') || !p) return null;
  const eligible = phase === 'block' && p.target !== null ? [p.target] : othersAfter(req, p.actor);
  const answers: (WindowAnswer | null)[] = req.state.players.map(() => null);
  for (const x of k.passed) if (x.phase === phase && x.seat !== req.seat) answers[x.seat] = 'pass';
  return { kind: phase, eligible, answers };
}

/** Everything of the sampled state except the other seats' hidden cards and the deck. */
export function frameOf(req: DecisionRequest, k: Knowledge): Frame {
  const ruleset = rulesetOf(req, k);
  const rules = RULESETS[ruleset];
  const me = req.seat;
  const count: Partial<Record<Role, number>> = {};
  for (const r of rules.roles) count[r] = rules.copiesPerRole;
  const take = (r: Role) => {
    if ((count[r] ?? 0) > 0) count[r] = (count[r] ?? 0) - 1;
  };
  const you = req.state.you;
  for (const c of you?.cards ?? []) if (!c.revealed) take(c.role);
  for (const r of you?.drawn ?? []) take(r);
  const hidden: number[] = [];
  const hints: [Role, number, number][][] = [];
  const players: PlayerState[] = req.state.players.map((p) => {
    for (const r of p.revealed) take(r);
    const mine = p.seat === me && you;
    hidden.push(mine ? 0 : p.faceDown);
    const rec = k.h.recs[p.seat];
    const seatHints: [Role, number, number][] = [];
    if (!mine && rec && p.faceDown > 0) {
      const bluff = Math.min(0.4, Math.max(0.02, bluffRate(rec) * 0.3));
      for (const r of rec.claims) if (rules.roles.includes(r)) seatHints.push([r, 1, bluff]);
      for (const r of rec.denied)
        if (rules.roles.includes(r) && !rec.claims.has(r)) seatHints.push([r, DENIED_WEIGHT, 1]);
    }
    hints.push(seatHints);
    const cards: Card[] = mine
      ? you.cards.map((c) => ({ role: c.role, revealed: c.revealed }))
      : p.revealed.map((role) => ({ role, revealed: true }));
    return { coins: p.coins, cards, eliminated: p.eliminated };
  });
  const pool: Role[] = [];
  for (const r of rules.roles) for (let i = 0; i < (count[r] ?? 0); i++) pool.push(r);
  const eliminationOrder = k.eliminated.filter((s) => req.state.players[s]?.eliminated);
  for (const p of req.state.players)
    if (p.eliminated && !eliminationOrder.includes(p.seat)) eliminationOrder.push(p.seat);
  const base: GameState = {
    engineVersion: ENGINE_VERSION,
    ruleset,
    players,
    deck: [],
    phase: req.phase,
    activeSeat: req.state.activeSeat,
    turn: req.state.turn,
    rng: [0, 0, 0, 0],
    pending: req.state.pending ? { ...req.state.pending } : null,
    window: windowOf(req, k),
    losses: [],
    after: null,
    drawn: [...(you?.drawn ?? [])],
    eliminationOrder,
    endReason: null,
  };
  if (rules.phase.interrogate_decide) base.shownSlot = null;
  // Challenges seen against windows passed, shrunk toward the default while there are few of them; the
  // searching seat plays its own playouts at the default.
  const challenge = req.state.players.map((p) => {
    const rec = k.h.recs[p.seat];
    if (!rec || p.seat === me) return DEFAULT_CHALLENGE;
    return (rec.challenges + 4 * DEFAULT_CHALLENGE) / (rec.challenges + rec.challengePasses + 4);
  });
  // Blocks: a seat holds a given blocker about a third of the time, so blocking far more often than that
  // means bluffing; the excess over a third is read as its bluffing rate, shrunk toward the default.
  const bluffBlock = req.state.players.map((p) => {
    const blocks = k.blocks[p.seat] ?? 0;
    const windows = blocks + (k.blockPasses[p.seat] ?? 0);
    if (p.seat === me || windows === 0) return DEFAULT_BLUFF_BLOCK;
    const rate = (blocks + 4 * 0.35) / (windows + 4);
    return Math.min(0.9, Math.max(0.03, (rate - 0.3) / 0.7));
  });
  return { ruleset, pool, hidden, hints, base, habits: { challenge, bluffBlock } };
}

function weightOf(frame: Frame, hands: Role[][]): number {
  let w = 1;
  for (let seat = 0; seat < hands.length; seat++) {
    const hand = hands[seat] as Role[];
    for (const [role, held, notHeld] of frame.hints[seat] as [Role, number, number][])
      w *= hand.includes(role) ? held : notHeld;
  }
  return w;
}

/** A random deal of the pool: hands for the other seats, the rest as the deck. */
function deal(frame: Frame, rnd: () => number): { hands: Role[][]; deck: Role[] } {
  const cards = frame.pool.slice();
  for (let i = cards.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    const t = cards[i] as Role;
    cards[i] = cards[j] as Role;
    cards[j] = t;
  }
  let at = 0;
  const hands = frame.hidden.map((n) => {
    const hand = cards.slice(at, at + n);
    at += n;
    return hand;
  });
  return { hands, deck: cards.slice(at) };
}

/** One full state sampled from the seat's belief (sampling-importance-resampling over random deals). */
export function sampleState(frame: Frame, rnd: () => number, rngSeed: number): GameState {
  const deals = [];
  const weights: number[] = [];
  let total = 0;
  for (let i = 0; i < CANDIDATES; i++) {
    const d = deal(frame, rnd);
    const w = weightOf(frame, d.hands);
    deals.push(d);
    weights.push(w);
    total += w;
  }
  let x = rnd() * total;
  let chosen = deals[0] as { hands: Role[][]; deck: Role[] };
  for (let i = 0; i < deals.length; i++) {
    x -= weights[i] as number;
    if (x < 0) {
      chosen = deals[i] as { hands: Role[][]; deck: Role[] };
      break;
    }
  }
  const base = frame.base;
  const players = base.players.map((p, seat) => {
    const hand = chosen.hands[seat] as Role[];
    if (hand.length === 0)
      return { coins: p.coins, cards: p.cards.map((c) => ({ ...c })), eliminated: p.eliminated };
    // Face-down cards first, then the revealed ones: slots are private, any order will do.
    const cards: Card[] = hand.map((role) => ({ role, revealed: false }));
    for (const c of p.cards) cards.push({ role: c.role, revealed: true });
    return { coins: p.coins, cards, eliminated: p.eliminated };
  });
  return { ...base, players, deck: chosen.deck, rng: stateFromInt(rngSeed) };
}
