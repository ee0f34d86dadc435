import { RULESETS } from '@coup/engine';
import type { Action, AnyTurnActionType, GameEvent, Phase, Role, RulesetId } from '@coup/engine';

// Bluffs in the replay viewer: a claim (a claimed action, a block) made while the claimant's face-down
// cards did not hold the role, marked on the claim's event whether or not anyone challenged it. Only what
// the view knows: the omniscient re-run knows every hand; a seat's view knows its own.

export interface BluffMark {
  role: Role;
  /** Someone challenged the claim (and so caught the bluff). */
  challenged: boolean;
}

export type BluffMarks = Map<GameEvent, BluffMark>;

/**
 * The role an applied answer claims: a claimed action's role (by the match's ruleset: an `inquisitors`
 * exchange claims the inquisitor), or a block's.
 */
export function claimOf(phase: Phase, applied: Action | null, ruleset: RulesetId): Role | null {
  if (!applied) return null;
  if (phase === 'action') return RULESETS[ruleset].action[applied.type as AnyTurnActionType]?.claim ?? null;
  return applied.type === 'block' ? (applied.data?.role ?? null) : null;
}

export const heldFaceDown = (
  cards: readonly { role: Role | null; revealed: boolean }[] | undefined,
  role: Role,
): boolean => cards?.some((c) => !c.revealed && c.role === role) ?? false;

/**
 * Marks `seat`'s claim of `role` as a bluff: its first `declared` or `blocked` event from `events[from]` on,
 * challenged if a challenge of that claim follows in the same turn.
 */
export function markBluff(
  marks: BluffMarks,
  events: readonly GameEvent[],
  from: number,
  seat: number,
  role: Role,
): void {
  for (let i = Math.max(0, from); i < events.length; i++) {
    const e = events[i] as GameEvent;
    if ((e.type !== 'declared' && e.type !== 'blocked') || e.seat !== seat) continue;
    const challenged = events
      .slice(i + 1)
      .some((x) => x.turn === e.turn && x.type === 'challenged' && x.challenged === seat && x.claim === role);
    marks.set(e, { role, challenged });
    return;
  }
}
