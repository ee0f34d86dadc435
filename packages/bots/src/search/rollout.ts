import { FORCED_COUP_COINS, applyAction, isOver, legalActions, pendingSeats, ranking } from '@coup/engine';
import type { Action, GameState, PlayerState, Role } from '@coup/engine';

// The search's default policy: plays a sampled game to its end, fast. It works on the engine's GameState
// directly (no wire request per step) and lets each seat act on its own cards and on public counts only:
// a playout seat that challenged by looking at the claimant's sampled cards would make every bluff of the
// searching seat fail in the playouts, and the search would never bluff.

/** A tiny seeded PRNG (mulberry32): a playout draws thousands of numbers, @coup/random's stream is slower. */
export function fastRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rnd = () => number;

/**
 * What the public history says of each seat's habits, for the playouts: how readily it challenges
 * (indexed by seat). Without a record, every seat challenges at the default rate.
 */
export interface Habits {
  challenge: readonly number[];
  /** How readily it blocks without the card (estimated from how often it blocks at all). */
  bluffBlock: readonly number[];
}

/** The challenge rate of a seat nobody has seen at a window yet. */
export const DEFAULT_CHALLENGE = 0.06;
/** The rate of bluffed blocks of a seat nobody has seen at a block window yet. */
export const DEFAULT_BLUFF_BLOCK = 0.07;
const NO_HABITS: Habits = { challenge: [], bluffBlock: [] };

function handOf(p: PlayerState): Role[] {
  const out: Role[] = [];
  for (const c of p.cards) if (!c.revealed) out.push(c.role);
  return out;
}

const has = (hand: readonly Role[], r: Role | null | undefined): boolean => !!r && hand.includes(r);

/** Copies of `role` a seat can count: revealed anywhere, plus its own face-down ones. */
function counted(s: GameState, seat: number, role: Role): number {
  let n = 0;
  for (let i = 0; i < s.players.length; i++) {
    const cards = (s.players[i] as PlayerState).cards;
    for (const c of cards) if (c.role === role && (c.revealed || i === seat)) n++;
  }
  return n;
}

/** The opponent to hit: the most face-down cards, then the most coins; ties broken at random. */
function victim(s: GameState, seat: number, targets: readonly number[], rnd: Rnd): number {
  let best = targets[0] as number;
  let bestScore = -1;
  for (const t of targets) {
    const p = s.players[t] as PlayerState;
    let down = 0;
    for (const c of p.cards) if (!c.revealed) down++;
    const score = down * 100 + p.coins + rnd();
    if (score > bestScore) {
      bestScore = score;
      best = t;
    }
  }
  return best;
}

function targetsOf(legal: readonly Action[], type: string): number[] {
  const out: number[] = [];
  for (const a of legal) if (a.type === type && a.data?.target !== undefined) out.push(a.data.target);
  return out;
}

function findTargeted(legal: readonly Action[], type: string, target: number): Action | undefined {
  for (const a of legal) if (a.type === type && a.data?.target === target) return a;
  return undefined;
}

function findType(legal: readonly Action[], type: string): Action | undefined {
  for (const a of legal) if (a.type === type) return a;
  return undefined;
}

/** Weights of the turn actions for a seat holding `hand`: mostly honest, some bluffs. */
function turnWeight(type: string, hand: readonly Role[], coins: number): number {
  switch (type) {
    case 'income':
      return 1;
    case 'foreign_aid':
      return has(hand, 'duke') ? 0.2 : 1.5;
    case 'tax':
      return has(hand, 'duke') ? 10 : 0.4;
    case 'assassinate':
      return has(hand, 'assassin') ? 12 : 0.3;
    case 'steal':
      return has(hand, 'captain') ? 6 : 0.25;
    case 'exchange':
      return has(hand, 'ambassador') || has(hand, 'inquisitor') ? 0.8 : 0.08;
    case 'interrogate':
      return has(hand, 'inquisitor') ? 0.6 : 0.05;
    case 'coup':
      return coins >= 7 ? 20 : 0;
    default:
      return 0.1;
  }
}

function turn(s: GameState, seat: number, legal: readonly Action[], rnd: Rnd): Action {
  const p = s.players[seat] as PlayerState;
  if (p.coins >= FORCED_COUP_COINS || (p.coins >= 7 && rnd() < 0.9)) {
    const targets = targetsOf(legal, 'coup');
    if (targets.length > 0) return findTargeted(legal, 'coup', victim(s, seat, targets, rnd)) as Action;
  }
  const hand = handOf(p);
  const types = ['income', 'foreign_aid', 'tax', 'assassinate', 'steal', 'exchange', 'interrogate', 'coup'];
  let total = 0;
  const weights: number[] = [];
  for (const t of types) {
    const w = findType(legal, t) ? turnWeight(t, hand, p.coins) : 0;
    weights.push(w);
    total += w;
  }
  let x = rnd() * total;
  let type = 'income';
  for (let i = 0; i < types.length; i++) {
    x -= weights[i] as number;
    if (x < 0) {
      type = types[i] as string;
      break;
    }
  }
  if (type === 'steal') {
    // Rob the richest seat that has something to take.
    let best = -1;
    let coins = 0;
    for (const t of targetsOf(legal, 'steal')) {
      const c = (s.players[t] as PlayerState).coins + rnd() * 0.5;
      if (c > coins) {
        coins = c;
        best = t;
      }
    }
    if (best >= 0 && coins >= 1) return findTargeted(legal, 'steal', best) as Action;
    type = 'income';
  }
  if (type === 'assassinate' || type === 'coup' || type === 'interrogate') {
    const targets = targetsOf(legal, type);
    if (targets.length > 0) return findTargeted(legal, type, victim(s, seat, targets, rnd)) as Action;
  }
  return findType(legal, type) ?? (legal[0] as Action);
}

/** Challenge rates grow with the copies the seat can count; certain when it sees all three. */
function challengeOrPass(
  s: GameState,
  seat: number,
  claim: Role,
  legal: readonly Action[],
  rnd: Rnd,
  habits: Habits,
): Action {
  const known = counted(s, seat, claim);
  const base = habits.challenge[seat] ?? DEFAULT_CHALLENGE;
  let p = known >= 3 ? 1 : Math.min(0.9, base + 0.12 * known);
  const pend = s.pending;
  // Facing an assassination on the last card without a contessa: a challenge is the only way out.
  if (
    s.phase === 'challenge_action' &&
    pend?.action === 'assassinate' &&
    pend.target === seat &&
    !has(handOf(s.players[seat] as PlayerState), 'contessa') &&
    handOf(s.players[seat] as PlayerState).length === 1
  )
    p = Math.max(p, 0.35);
  return (rnd() < p ? findType(legal, 'challenge') : findType(legal, 'pass')) ?? (legal[0] as Action);
}

function block(s: GameState, seat: number, legal: readonly Action[], rnd: Rnd, habits: Habits): Action {
  const hand = handOf(s.players[seat] as PlayerState);
  const pass = findType(legal, 'pass') ?? (legal[0] as Action);
  for (const a of legal) if (a.type === 'block' && has(hand, a.data?.role)) return rnd() < 0.95 ? a : pass;
  const blocks = legal.filter((a) => a.type === 'block');
  if (blocks.length === 0) return pass;
  const desperate = s.pending?.action === 'assassinate' && hand.length === 1;
  const usual = habits.bluffBlock[seat] ?? DEFAULT_BLUFF_BLOCK;
  const bluff = desperate ? Math.max(0.4, usual) : usual;
  return rnd() < bluff ? (blocks[Math.floor(rnd() * blocks.length)] as Action) : pass;
}

/** The default policy's answer for `seat` (one of legalActions(s, seat)). */
export function rolloutAction(s: GameState, seat: number, rnd: Rnd, habits: Habits = NO_HABITS): Action {
  const legal = legalActions(s, seat);
  if (legal.length === 1) return legal[0] as Action;
  switch (s.phase) {
    case 'action':
      return turn(s, seat, legal, rnd);
    case 'challenge_action':
      return challengeOrPass(s, seat, s.pending?.claim as Role, legal, rnd, habits);
    case 'challenge_block':
      return challengeOrPass(s, seat, s.pending?.blockRole as Role, legal, rnd, habits);
    case 'block':
      return block(s, seat, legal, rnd, habits);
    default:
      // lose_card, return_cards and an interrogation's answers: any legal one.
      return legal[Math.floor(rnd() * legal.length)] as Action;
  }
}

/**
 * Plays `s` to its end with the default policy and scores it for `seat`: mostly the win (shared when
 * tied at the turn cap), a little for the place, so that a lost game still prefers lasting longer.
 */
export function playout(
  s: GameState,
  seat: number,
  rnd: Rnd,
  habits: Habits = NO_HABITS,
  maxSteps = 2000,
): number {
  let state = s;
  for (let step = 0; step < maxSteps && !isOver(state); step++) {
    const seats = pendingSeats(state);
    const who =
      seats.length === 1 ? (seats[0] as number) : (seats[Math.floor(rnd() * seats.length)] as number);
    const r = applyAction(state, who, rolloutAction(state, who, rnd, habits));
    if (!r.ok) throw new Error(`playout: ${r.error.message}`);
    state = r.state;
  }
  return score(state, seat);
}

export function score(s: GameState, seat: number): number {
  const places = ranking(s);
  const n = s.players.length;
  if (places.length === 0) return 0.5;
  let place = 1;
  for (const group of places) {
    if (group.includes(seat)) {
      const win = place === 1 ? 1 / group.length : 0;
      return 0.8 * win + 0.2 * (1 - (place - 1) / (n - 1));
    }
    place += group.length;
  }
  return 0;
}
