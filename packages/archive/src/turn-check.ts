import { TARGETED_ACTIONS } from './codes';
import { UNKNOWN_ERA, type TreasonEra } from './era';
import { UNKNOWN_PLAYER } from '@coup/archive-format';
import type { ArchivePlayerState } from '@coup/archive-format';
import type { ArchiveTurn } from './grammar';
import { fail, type CheckResult } from './reasons';
import {
  ACTION_COST,
  actionsOf,
  blockRolesOf,
  claimOf,
  MUST_COUP_AT,
  targetBlocksOnly,
  type GameType,
} from './rules';

// One turn against the rules and against the two snapshots around it (the START_OF_TURN and the next
// snapshot): who may act, block and challenge, and whether the coins and cards of the closing snapshot are
// what the turn's events explain. Where the archive does not say enough (a player who left mid-turn: did
// the action still resolve? a steal from a player eliminated first: did it take anything?), every reading
// is tried and the turn passes if one of them explains the snapshot.

const hidden = (s: ArchivePlayerState) => s.influence.filter((c) => !c.revealed);
export const isAlive = (s: ArchivePlayerState | undefined) => !!s && hidden(s).length > 0;

/** The next living player after `from` in seat order (the one whose turn it is next). */
export function nextAlive(states: readonly ArchivePlayerState[], from: number): number | null {
  for (let k = 1; k <= states.length; k++) {
    const p = (from + k) % states.length;
    if (isAlive(states[p])) return p;
  }
  return null;
}

type ActedTurn = ArchiveTurn & { action: NonNullable<ArchiveTurn['action']> };

/** Checks the declarations of a turn: action, block, challenges (not yet the closing snapshot). */
function checkDeclarations(t: ActedTurn, gameType: GameType): CheckResult {
  const S = t.start.playerStates;
  const a = t.start.whoseTurn;
  const { action, target } = t.action;
  if (!isAlive(S[a])) return fail('bad_turn', `player ${a} plays while eliminated`);
  if (!actionsOf(gameType).includes(action)) return fail('illegal_action', `${action} in a ${gameType} game`);
  const cash = S[a]!.cash;
  if (cash < ACTION_COST[action]) return fail('illegal_action', `${action} with ${cash} coins`);
  if (cash >= MUST_COUP_AT && action !== 'coup')
    return fail('illegal_action', `${action} with ${cash} coins`);
  if (TARGETED_ACTIONS.has(action)) {
    if (target === undefined) return fail('illegal_action', `${action} without a target`);
    if (target === a || !isAlive(S[target])) return fail('illegal_action', `${action} on player ${target}`);
  } else if (target !== undefined) return fail('illegal_action', `${action} with a target`);

  const claim = claimOf(action, gameType);
  const ac = t.actionChallenge;
  if (ac) {
    if (!claim) return fail('bad_challenge', `${action} claims no role`);
    if (ac.challenged !== a) return fail('bad_challenge', `challenged ${ac.challenged}, not the actor ${a}`);
    if (ac.challenger === a || !isAlive(S[ac.challenger]))
      return fail('bad_challenge', `challenger ${ac.challenger} cannot challenge`);
    const holds = hidden(S[a]!).some((c) => c.role === claim);
    if (holds === ac.success)
      return fail('challenge_mismatch', `player ${a} ${holds ? 'held' : 'lacked'} the ${claim}`);
  }

  const b = t.block;
  if (b) {
    if (ac?.success) return fail('bad_block', 'block of an action already cancelled by its challenge');
    if (!blockRolesOf(action, gameType).includes(b.blockingRole))
      return fail('bad_block', `${action} blocked with the ${b.blockingRole}`);
    if (b.blockingPlayer === UNKNOWN_PLAYER) {
      // Unnamed (a foreign-aid block nobody challenged): some other living seat must have been able to.
      if (targetBlocksOnly(action) || t.blockChallenge || !S.some((s, p) => p !== a && isAlive(s)))
        return fail('bad_block', `an unnamed player blocks ${action}`);
      return { ok: true };
    }
    if (b.blockingPlayer === a || !isAlive(S[b.blockingPlayer]))
      return fail('bad_block', `player ${b.blockingPlayer} cannot block`);
    if (targetBlocksOnly(action) && b.blockingPlayer !== target)
      return fail('bad_block', `player ${b.blockingPlayer} blocks an action on ${target}`);
    const bc = t.blockChallenge;
    if (bc) {
      if (bc.challenged !== b.blockingPlayer)
        return fail('bad_challenge', `challenged ${bc.challenged}, not the blocker ${b.blockingPlayer}`);
      if (bc.challenger === b.blockingPlayer || !isAlive(S[bc.challenger]))
        return fail('bad_challenge', `challenger ${bc.challenger} cannot challenge`);
      const holds = hidden(S[b.blockingPlayer]!).some((c) => c.role === b.blockingRole);
      // A blocker who lost a card earlier in the turn (a failed challenge of the action) may have
      // revealed the blocking role: only a FAIL (it held the role) is then checked.
      const lostBefore = ac && !ac.success && ac.challenger === b.blockingPlayer;
      if (holds ? bc.success && !lostBefore : !bc.success)
        return fail(
          'challenge_mismatch',
          `player ${b.blockingPlayer} ${holds ? 'held' : 'lacked'} the ${b.blockingRole}`,
        );
    }
  }
  return { ok: true };
}

interface Expectation {
  cash: number[];
  losses: number[];
  /** Players whose face-down cards may change (exchange, a proven claim's replacement, interrogation). */
  mutable: Set<number>;
}

/** One way the turn may have gone where the record does not say (see checkTurn). */
interface Reading {
  /** The action resolved. */
  resolved: boolean;
  /** A steal from a player eliminated before it resolved still took its coins (their server). */
  stealTakes: boolean;
  /** A successfully challenged assassination gave its 3 coins back (their server since mid-2017). */
  refund: boolean;
  /**
   * The turn stopped while the loser of its last challenge was choosing a card (their server passes the
   * turn at once when a seat leaves then, and ends the game when a leaver leaves one player): that card
   * was never lost, and the action never resolved.
   */
  stopped: boolean;
}

/** What the closing snapshot should hold, for one reading of the turn. */
function expect(t: ActedTurn, { resolved, stealTakes, refund, stopped }: Reading): Expectation {
  const S = t.start.playerStates;
  const a = t.start.whoseTurn;
  const { action, target } = t.action;
  const cash = S.map((s) => s.cash);
  const losses = S.map(() => 0);
  const mutable = new Set<number>();
  cash[a]! -= ACTION_COST[action];
  if (refund && action === 'assassinate' && t.actionChallenge?.success) cash[a]! += ACTION_COST[action];
  const last = t.blockChallenge ?? t.actionChallenge;
  for (const [c, claimant] of [
    [t.actionChallenge, a],
    [t.blockChallenge, t.block?.blockingPlayer],
  ] as const) {
    if (!c || claimant === undefined) continue;
    const skipped = stopped && c === last;
    if (c.success) losses[claimant]! += skipped ? 0 : 1;
    else {
      losses[c.challenger]! += skipped ? 0 : 1;
      mutable.add(claimant);
    }
  }
  if (resolved) {
    if (action === 'income') cash[a]! += 1;
    else if (action === 'foreign-aid') cash[a]! += 2;
    else if (action === 'tax') cash[a]! += 3;
    else if (action === 'exchange') mutable.add(a);
    else if (target !== undefined) {
      if (action === 'steal' && stealTakes) {
        const taken = Math.min(2, S[target]!.cash);
        cash[a]! += taken;
        cash[target]! -= taken;
      } else if (action === 'coup' || action === 'assassinate') losses[target]!++;
      else if (action === 'interrogate') mutable.add(target);
    }
  }
  return { cash, losses, mutable };
}

/** The closing snapshot against one expectation; the first mismatch found, or ok. */
function compare(t: ArchiveTurn, e: Expectation, left: Set<number>): CheckResult {
  const S = t.start.playerStates;
  const N = t.next.playerStates;
  for (let p = 0; p < S.length; p++) {
    const before = S[p]!.influence;
    const after = N[p]!.influence;
    for (let j = 0; j < before.length; j++) {
      const x = before[j]!;
      const y = after[j]!;
      if (x.revealed && (!y.revealed || y.role !== x.role))
        return fail('card_mismatch', `player ${p}'s revealed ${x.role} changed`);
      if (!x.revealed && !e.mutable.has(p) && y.role !== x.role)
        return fail('card_mismatch', `player ${p}'s ${x.role} became a ${y.role}`);
    }
    const hiddenBefore = hidden(S[p]!).length;
    const hiddenAfter = hidden(N[p]!).length;
    const want = left.has(p) ? 0 : Math.max(0, hiddenBefore - e.losses[p]!);
    if (hiddenAfter !== want)
      return fail('influence_mismatch', `player ${p} has ${hiddenAfter} face-down cards, expected ${want}`);
    const cash = N[p]!.cash;
    // An eliminated player's coins may be kept (the archive's server) or cleared (our engine).
    if (cash !== e.cash[p] && !(hiddenAfter === 0 && cash === 0))
      return fail('cash_mismatch', `player ${p} has ${cash} coins, expected ${e.cash[p]}`);
  }
  return { ok: true };
}

/** A turn with no action: the seat to move left, and nothing else happened but other seats leaving. */
function checkActionless(t: ArchiveTurn): CheckResult {
  const a = t.start.whoseTurn;
  if (!isAlive(t.start.playerStates[a])) return fail('bad_turn', `player ${a} plays while eliminated`);
  // The seat to move left, or another seat did and that ended the game before anyone acted.
  if (!t.left.some((l) => l.player === a) && t.next.type !== 'GAME_OVER')
    return fail('turn_without_action', `player ${a}'s turn has no ACTION and it did not leave`);
  const S = t.start.playerStates;
  const e: Expectation = { cash: S.map((s) => s.cash), losses: S.map(() => 0), mutable: new Set() };
  return compare(t, e, new Set(t.left.map((l) => l.player)));
}

/**
 * Checks one turn, by the rules of the archive's server in `era` (a rule it does not know is tried both
 * ways); the closing snapshot's shape (one state of two cards per player) is checked before.
 */
export function checkTurn(t: ArchiveTurn, gameType: GameType, era: TreasonEra = UNKNOWN_ERA): CheckResult {
  if (!t.action) return checkActionless(t);
  const acted = t as ActedTurn;
  const declared = checkDeclarations(acted, gameType);
  if (!declared.ok) return declared;
  const a = t.start.whoseTurn;
  const target = acted.action.target;
  const left = new Set(t.left.map((l) => l.player));
  const resolvable = !t.actionChallenge?.success && !(t.block && !t.blockChallenge?.success);
  // Did the action still resolve? Unknown when the actor, the target or the blocker (our engine: the block
  // lapses) left during the turn, when a seat left after the action (their server passes the turn at once
  // when the seat that owes a card leaves), or when the game ended inside the turn.
  const unsure =
    [a, target, t.block?.blockingPlayer].some((p) => p !== undefined && left.has(p)) ||
    t.left.some((l) => l.at !== 'before_action') ||
    t.next.type === 'GAME_OVER';
  const resolutions = resolvable && unsure ? [true, false] : [resolvable];
  // A steal from a player eliminated before it resolved takes nothing (our engine) or may not (theirs).
  const targetOut = target !== undefined && !isAlive(t.next.playerStates[target]);
  const steals = acted.action.action === 'steal' && targetOut ? [true, false] : [true];
  const refundable = acted.action.action === 'assassinate' && !!t.actionChallenge?.success;
  // Their server refunds since mid-2017, ours never: both are read, the era's way first (our own exports
  // carry a recent date and never refund).
  const refunds = !refundable ? [false] : era.assassinationRefund ? [true, false] : [false, true];
  const readings: Reading[] = [];
  for (const resolved of resolutions)
    for (const stealTakes of steals)
      for (const refund of refunds) readings.push({ resolved, stealTakes, refund, stopped: false });
  if (unsure && (t.blockChallenge ?? t.actionChallenge))
    for (const refund of refunds)
      readings.push({ resolved: false, stealTakes: false, refund, stopped: true });
  let first: CheckResult | null = null;
  for (const reading of readings) {
    const r = compare(t, expect(acted, reading), left);
    if (r.ok) return r;
    first ??= r;
  }
  return first!;
}
