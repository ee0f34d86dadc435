import { TURN_CAP } from './constants';
import { computeRanking } from './ranking';
import { shuffleInPlace } from '@coup/random';
import { faceDownCount, livingCount, nextLivingSeat, othersInTurnOrder } from './seats';
import type { ActionRule, Draft } from './rulesets/ruleset';
import type {
  AnyTurnActionType,
  EndReason,
  InfluenceDue,
  LossReason,
  PendingAction,
  Role,
  WindowAnswer,
} from './types';
import { firstYes, windowSettled } from './window';

// The shared core of every ruleset as transitions over a Draft: declaring, the challenge and block
// windows, losing influence, elimination, the turn cap and exchange_return. What an action costs, claims
// and does comes from the game's ruleset (d.rules). Each function leaves the draft in a state that waits
// for a decision (or is over); none of them validates input: apply.ts only calls them with legal actions.

export function endGame(d: Draft, reason: EndReason): void {
  const s = d.s;
  s.phase = 'game_over';
  s.pending = null;
  s.window = null;
  s.losses = [];
  s.after = null;
  if (s.shownSlot !== undefined) s.shownSlot = null;
  s.endReason = reason;
  d.emit({ type: 'game_over', turn: s.turn, reason, ranking: computeRanking(s) });
}

/** Passes the turn to the next living seat, or ends the game at the turn cap. */
export function endTurn(d: Draft): void {
  const s = d.s;
  s.pending = null;
  s.window = null;
  s.losses = [];
  s.after = null;
  // A ruleset's per-turn secret (an interrogation's shown slot) ends with the turn.
  if (s.shownSlot !== undefined) s.shownSlot = null;
  s.turn += 1;
  if (s.turn >= TURN_CAP) {
    endGame(d, 'turn_cap');
    return;
  }
  s.activeSeat = nextLivingSeat(s, s.activeSeat);
  s.phase = 'action';
  d.emit({ type: 'turn_started', turn: s.turn, seat: s.activeSeat });
}

export function eliminate(d: Draft, seat: number): void {
  const p = d.player(seat);
  p.eliminated = true;
  p.coins = 0;
  d.s.eliminationOrder = d.s.eliminationOrder.concat(seat);
  d.emit({ type: 'eliminated', turn: d.s.turn, seat });
  if (livingCount(d.s) <= 1) endGame(d, 'last_standing');
}

/** Reveals one face-down card; eliminates the seat when it was its last. */
export function revealCard(d: Draft, seat: number, slot: number, reason: LossReason): void {
  const p = d.player(seat);
  const card = p.cards[slot];
  if (!card || card.revealed) return;
  card.revealed = true;
  d.emit({ type: 'influence_lost', turn: d.s.turn, seat, slot, role: card.role, reason });
  if (faceDownCount(p) === 0) eliminate(d, seat);
}

/** The `resolved` event of the pending action. */
export function resolved(d: Draft, outcome: 'done' | 'blocked' | 'cancelled' | 'no_effect', coins = 0): void {
  const p = d.s.pending as PendingAction;
  d.emit({
    type: 'resolved',
    turn: d.s.turn,
    seat: p.actor,
    action: p.action,
    target: p.target,
    outcome,
    coins,
  });
}

const ruleOf = (d: Draft, action: AnyTurnActionType) => d.rules.action[action] as ActionRule;

export function declare(d: Draft, actor: number, action: AnyTurnActionType, target: number | null): void {
  const s = d.s;
  const rule = ruleOf(d, action);
  const cost = rule.cost;
  if (cost > 0) d.addCoins(actor, -cost);
  const claim = rule.claim;
  s.pending = { action, actor, target, claim, blocker: null, blockRole: null };
  d.emit({ type: 'declared', turn: s.turn, seat: actor, action, target, claim, cost });
  if (claim) openWindow(d, 'challenge_action');
  else blockOrResolve(d);
}

function openWindow(d: Draft, kind: 'challenge_action' | 'block'): void {
  const s = d.s;
  const p = s.pending as PendingAction;
  const eligible = kind === 'block' && p.target !== null ? [p.target] : othersInTurnOrder(s, p.actor);
  const answers = nulls(s.players.length);
  s.window = { kind, eligible, answers };
  s.phase = kind;
  if (eligible.length === 0) closeWindow(d);
}

/** A window's answers before anyone answers: one null per seat, at their exact length. */
function nulls(n: number): (WindowAnswer | null)[] {
  switch (n) {
    case 2:
      return [null, null];
    case 3:
      return [null, null, null];
    case 4:
      return [null, null, null, null];
    case 5:
      return [null, null, null, null, null];
    case 6:
      return [null, null, null, null, null, null];
    default:
      return new Array<WindowAnswer | null>(n).fill(null);
  }
}

/** Records one seat's answer in the open window and closes it once no answer can change the outcome. */
export function answerWindow(d: Draft, seat: number, answer: WindowAnswer): void {
  const w = d.s.window;
  if (!w) return;
  const answers = w.answers.slice();
  answers[seat] = answer;
  const next = { kind: w.kind, eligible: w.eligible, answers };
  d.s.window = next;
  if (answer === 'pass') d.emit({ type: 'passed', turn: d.s.turn, seat, phase: d.s.phase });
  if (windowSettled(next)) closeWindow(d);
}

/** Removes a seat that is gone from the open window, closing it if that settles it. */
export function leaveWindow(d: Draft, seat: number): void {
  const w = d.s.window;
  if (!w) return;
  const answers = w.answers.slice();
  answers[seat] = null;
  const next = { kind: w.kind, eligible: w.eligible.filter((x) => x !== seat), answers };
  d.s.window = next;
  if (windowSettled(next)) closeWindow(d);
}

function closeWindow(d: Draft): void {
  const s = d.s;
  const w = s.window;
  if (!w) return;
  const p = s.pending as PendingAction;
  const yes = firstYes(w);
  s.window = null;
  if (w.kind === 'challenge_action') {
    if (yes === null) blockOrResolve(d);
    else challenge(d, yes, p.actor, p.claim as Role, 'action');
  } else if (yes === null) {
    resolveAction(d);
  } else {
    const role = w.answers[yes] as Role;
    s.pending = {
      action: p.action,
      actor: p.actor,
      target: p.target,
      claim: p.claim,
      blocker: yes,
      blockRole: role,
    };
    s.phase = 'challenge_block';
    d.emit({ type: 'blocked', turn: s.turn, seat: yes, actor: p.actor, role });
  }
}

/** The block window, when the action is blockable and its target (if any) is still alive. */
export function blockOrResolve(d: Draft): void {
  const p = d.s.pending as PendingAction;
  const blockable = ruleOf(d, p.action).blockers.length > 0;
  const targetAlive = p.target === null || !d.peek(p.target).eliminated;
  if (blockable && targetAlive) openWindow(d, 'block');
  else resolveAction(d);
}

/** `challenger` challenges `challenged`'s claim of `claim`; resolves who loses influence. */
export function challenge(
  d: Draft,
  challenger: number,
  challenged: number,
  claim: Role,
  against: 'action' | 'block',
): void {
  const s = d.s;
  const cards = d.peek(challenged).cards;
  let slot = -1;
  for (let i = 0; i < cards.length; i++) {
    const c = cards[i] as { role: Role; revealed: boolean };
    if (!c.revealed && c.role === claim) {
      slot = i;
      break;
    }
  }
  const truthful = slot >= 0;
  d.emit({ type: 'challenged', turn: s.turn, seat: challenger, challenged, claim, against, truthful });
  if (truthful) {
    // Show the card, shuffle it into the deck and draw a secret replacement into the same slot.
    const deck = d.deck();
    deck.push(claim);
    s.rng = shuffleInPlace(s.rng, deck);
    const replacement = deck.shift() as Role;
    (d.player(challenged).cards[slot] as { role: Role }).role = replacement;
    d.emit({ type: 'card_shown', turn: s.turn, seat: challenged, slot, role: claim, replacement });
    owe(d, challenger, 'challenge', against === 'action' ? 'block_or_resolve' : 'blocked');
  } else {
    owe(d, challenged, 'challenge', against === 'action' ? 'cancelled' : 'resolve');
  }
}

/** Queues an influence loss, then continues with `after` once it has been taken. */
export function owe(d: Draft, seat: number, reason: LossReason, after: PendingContinuation): void {
  const before = d.s.losses;
  const due: InfluenceDue = { seat, reason };
  d.s.losses = before.length === 0 ? [due] : before.concat(due);
  d.s.after = after;
  takeLosses(d);
}

type PendingContinuation = NonNullable<Draft['s']['after']>;

/** Asks the next seat that owes influence, or runs the continuation when nobody does. */
export function takeLosses(d: Draft): void {
  const s = d.s;
  while (s.losses.length > 0 && d.peek((s.losses[0] as { seat: number }).seat).eliminated) {
    s.losses = s.losses.slice(1);
  }
  if (s.losses.length > 0) {
    s.phase = 'lose_influence';
    return;
  }
  const after = s.after;
  s.after = null;
  switch (after) {
    case 'block_or_resolve':
      blockOrResolve(d);
      break;
    case 'resolve':
      resolveAction(d);
      break;
    case 'cancelled':
      resolved(d, 'cancelled');
      endTurn(d);
      break;
    case 'blocked':
      resolved(d, 'blocked');
      endTurn(d);
      break;
    default:
      endTurn(d);
  }
}

/** The seat at the head of the loss queue reveals the card in `slot`. */
export function loseCard(d: Draft, seat: number, slot: number): void {
  const due = d.s.losses[0];
  d.s.losses = d.s.losses.slice(1);
  revealCard(d, seat, slot, due?.reason ?? 'challenge');
  if (!d.over) takeLosses(d);
}

/** The pending action stands: its rule carries it out. */
export function resolveAction(d: Draft): void {
  const p = d.s.pending as PendingAction;
  ruleOf(d, p.action).resolve(d, p);
}

/** The exchanging seat returns as many cards as it drew, from (its face-down cards in slot order, then the drawn cards). */
export function returnCards(d: Draft, seat: number, indices: readonly number[]): void {
  const s = d.s;
  const p = d.player(seat);
  const cards = p.cards;
  // The pool: the face-down cards in slot order, then the drawn ones. The kept ones fill the face-down
  // slots in pool order; the returned ones go back into the deck, which is shuffled.
  const slots: number[] = [];
  const pool: Role[] = [];
  for (let i = 0; i < cards.length; i++) {
    const c = cards[i] as { role: Role; revealed: boolean };
    if (!c.revealed) {
      slots.push(i);
      pool.push(c.role);
    }
  }
  for (let i = 0; i < s.drawn.length; i++) pool.push(s.drawn[i] as Role);
  const returned: Role[] = [];
  let kept = 0;
  for (let i = 0; i < pool.length; i++) {
    const role = pool[i] as Role;
    if (indices.includes(i)) returned.push(role);
    else (cards[slots[kept++] as number] as { role: Role }).role = role;
  }
  const deck = d.deck();
  for (let i = 0; i < returned.length; i++) deck.push(returned[i] as Role);
  s.rng = shuffleInPlace(s.rng, deck);
  s.drawn = [];
  d.emit({ type: 'exchange_returned', turn: s.turn, seat, count: returned.length, returned });
  resolved(d, 'done');
  endTurn(d);
}

/** Puts drawn cards back (an exchanging seat that forfeits) and shuffles. */
export function returnDrawn(d: Draft): void {
  const s = d.s;
  if (s.drawn.length === 0) return;
  const deck = d.deck();
  deck.push(...s.drawn);
  s.drawn = [];
  s.rng = shuffleInPlace(s.rng, deck);
}
