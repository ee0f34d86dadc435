import { TARGETED_ACTIONS } from './codes';
import type { ArchivePlayerState } from './format';
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

/** Checks the declarations of a turn: action, block, challenges (not yet the closing snapshot). */
function checkDeclarations(t: ArchiveTurn, gameType: GameType): CheckResult {
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

/** What the closing snapshot should hold, for one reading of whether the action resolved. */
function expect(t: ArchiveTurn, resolved: boolean, stealTakes: boolean): Expectation {
  const S = t.start.playerStates;
  const a = t.start.whoseTurn;
  const { action, target } = t.action;
  const cash = S.map((s) => s.cash);
  const losses = S.map(() => 0);
  const mutable = new Set<number>();
  cash[a]! -= ACTION_COST[action];
  for (const [c, claimant] of [
    [t.actionChallenge, a],
    [t.blockChallenge, t.block?.blockingPlayer],
  ] as const) {
    if (!c || claimant === undefined) continue;
    if (c.success) losses[claimant]!++;
    else {
      losses[c.challenger]!++;
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

/** Checks one turn; the closing snapshot's shape (one state of two cards per player) is checked before. */
export function checkTurn(t: ArchiveTurn, gameType: GameType): CheckResult {
  const declared = checkDeclarations(t, gameType);
  if (!declared.ok) return declared;
  const a = t.start.whoseTurn;
  const target = t.action.target;
  const left = new Set(t.left.map((l) => l.player));
  const resolvable = !t.actionChallenge?.success && !(t.block && !t.blockChallenge?.success);
  // Did the action still resolve?
  // Unknown when the actor, the target or the blocker (our engine: the block lapses) left during the turn,
  // or when the game ended inside the turn.
  const unsure =
    [a, target, t.block?.blockingPlayer].some((p) => p !== undefined && left.has(p)) ||
    t.next.type === 'GAME_OVER';
  const readings = resolvable && unsure ? [true, false] : [resolvable];
  // A steal from a player eliminated before it resolved takes nothing (our engine) or may not (theirs).
  const targetOut = target !== undefined && !isAlive(t.next.playerStates[target]);
  const stealReadings = t.action.action === 'steal' && targetOut ? [true, false] : [true];
  let first: CheckResult | null = null;
  for (const resolved of readings) {
    for (const stealTakes of stealReadings) {
      const r = compare(t, expect(t, resolved, stealTakes), left);
      if (r.ok) return r;
      first ??= r;
    }
  }
  return first!;
}
