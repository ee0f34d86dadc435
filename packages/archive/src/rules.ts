import { FORCED_COUP_COINS, RULESETS } from '@coup/engine';
import type { ActionRule, AnyTurnActionType, Role, Ruleset, RulesetId } from '@coup/engine';
import { ARCHIVE_ACTIONS, GAME_TYPES } from '@coup/archive-format';
import type { ArchiveAction, ArchiveRole } from '@coup/archive-format';

// The rules of the archive's games, read from the engine's rulesets (RULESETS): the archive keeps no
// table of its own. A game's `gameType` is the id of the ruleset it was played by (`original`: the base
// game; `inquisitors`: the inquisitor replaces the ambassador). The archive writes one action name
// differently (`foreign-aid`, the engine's `foreign_aid`); roles are spelt alike.

export type GameType = (typeof GAME_TYPES)[number];

// Every game type of the archive is a ruleset of the engine (fails to compile otherwise).
const _everyGameTypeIsARuleset: readonly RulesetId[] = GAME_TYPES;
void _everyGameTypeIsARuleset;

/** The engine's rules of a game type. */
export function rulesOf(gameType: GameType): Ruleset {
  return RULESETS[gameType];
}

/** The engine's name of an archive action. */
export function engineAction(action: ArchiveAction): AnyTurnActionType {
  return action === 'foreign-aid' ? 'foreign_aid' : action;
}

/** The archive's name of an engine turn action (null: the archive cannot write it). */
export function archiveActionOf(action: AnyTurnActionType): ArchiveAction | null {
  const name = action === 'foreign_aid' ? 'foreign-aid' : action;
  return (ARCHIVE_ACTIONS as readonly string[]).includes(name) ? (name as ArchiveAction) : null;
}

// The checker asks these for every turn of every imported game (600,000 games): looked up once per game
// type here, by the archive's action names.
const RULE_BY_NAME: Readonly<Record<GameType, Readonly<Partial<Record<ArchiveAction, ActionRule>>>>> =
  Object.fromEntries(
    GAME_TYPES.map((g) => [
      g,
      Object.fromEntries(
        ARCHIVE_ACTIONS.map((a) => [a, rulesOf(g).action[engineAction(a)]]).filter(([, r]) => r),
      ),
    ]),
  ) as Record<GameType, Partial<Record<ArchiveAction, ActionRule>>>;

const ACTIONS_BY_TYPE: Readonly<Record<GameType, readonly ArchiveAction[]>> = Object.fromEntries(
  GAME_TYPES.map((g) => [g, Object.freeze(rulesOf(g).actions.flatMap((a) => archiveActionOf(a.type) ?? []))]),
) as Record<GameType, readonly ArchiveAction[]>;

function ruleOf(action: ArchiveAction, gameType: GameType): ActionRule | undefined {
  return RULE_BY_NAME[gameType][action];
}

/** Coins with which the only legal action is a coup. */
export const MUST_COUP_AT = FORCED_COUP_COINS;

/** What the action costs (paid when declared; 0 for an action the game does not have). */
export function costOf(action: ArchiveAction, gameType: GameType): number {
  return ruleOf(action, gameType)?.cost ?? 0;
}

/** The game type's roles, in the engine's role order. */
export function rolesOf(gameType: GameType): readonly ArchiveRole[] {
  return rulesOf(gameType).roles;
}

/** The game type's actions, in the engine's order, as the archive names them. */
export function actionsOf(gameType: GameType): readonly ArchiveAction[] {
  return ACTIONS_BY_TYPE[gameType];
}

/** Whether the game type has the action. */
export function hasAction(action: ArchiveAction, gameType: GameType): boolean {
  return RULE_BY_NAME[gameType][action] !== undefined;
}

/** The role an action claims, or null for unclaimed actions (income, foreign aid, coup). */
export function claimOf(action: ArchiveAction, gameType: GameType): ArchiveRole | null {
  return ruleOf(action, gameType)?.claim ?? null;
}

/** Roles that block the action (empty: unblockable). */
export function blockRolesOf(action: ArchiveAction, gameType: GameType): readonly ArchiveRole[] {
  return ruleOf(action, gameType)?.blockers ?? [];
}

/** Whether the action names a target (another living player). */
export function isTargeted(action: ArchiveAction, gameType: GameType): boolean {
  return ruleOf(action, gameType)?.targeted ?? false;
}

/**
 * Whether only the target may block (steal, assassinate) rather than anyone else (foreign aid): the
 * engine's rule for a targeted action.
 */
export function targetBlocksOnly(action: ArchiveAction, gameType: GameType): boolean {
  return ruleOf(action, gameType)?.targeted ?? false;
}

/** Copies of each role in the game type's deck. */
export function copiesPerRole(gameType: GameType): number {
  return rulesOf(gameType).copiesPerRole;
}

/** Each role of the game type by its index in rolesOf (undefined: not in this game's deck). */
export const ROLE_INDEX: Readonly<Record<GameType, Readonly<Partial<Record<Role, number>>>>> =
  Object.fromEntries(
    GAME_TYPES.map((g) => [g, Object.fromEntries(rulesOf(g).roles.map((r, i) => [r, i]))]),
  ) as Record<GameType, Partial<Record<Role, number>>>;
