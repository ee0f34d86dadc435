import type { ArchiveAction, ArchiveRole } from '@coup/archive-format';

// The rules of the archive's server as far as the checker needs them: what each action costs, claims and
// can be blocked by, per game type. `original` is the base game (ambassador); `inquisitors` replaces the
// ambassador with the inquisitor (exchange and interrogate claim it, it blocks steals).

export type GameType = 'original' | 'inquisitors';

export const ACTION_COST: Record<ArchiveAction, number> = {
  income: 0,
  'foreign-aid': 0,
  tax: 0,
  steal: 0,
  exchange: 0,
  interrogate: 0,
  assassinate: 3,
  coup: 7,
};

/** Coins with which the only legal action is a coup. */
export const MUST_COUP_AT = 10;

/** The fifth role of the game type. */
export function swapRole(gameType: GameType): ArchiveRole {
  return gameType === 'original' ? 'ambassador' : 'inquisitor';
}

export function rolesOf(gameType: GameType): ArchiveRole[] {
  return ['duke', 'captain', 'assassin', swapRole(gameType), 'contessa'];
}

export function actionsOf(gameType: GameType): ArchiveAction[] {
  const base: ArchiveAction[] = ['income', 'foreign-aid', 'tax', 'steal', 'assassinate', 'exchange', 'coup'];
  return gameType === 'inquisitors' ? [...base, 'interrogate'] : base;
}

/** The role an action claims, or null for unclaimed actions (income, foreign aid, coup). */
export function claimOf(action: ArchiveAction, gameType: GameType): ArchiveRole | null {
  switch (action) {
    case 'tax':
      return 'duke';
    case 'steal':
      return 'captain';
    case 'assassinate':
      return 'assassin';
    case 'exchange':
      return swapRole(gameType);
    case 'interrogate':
      return 'inquisitor';
    default:
      return null;
  }
}

/** Roles that block the action (empty: unblockable). */
export function blockRolesOf(action: ArchiveAction, gameType: GameType): ArchiveRole[] {
  switch (action) {
    case 'foreign-aid':
      return ['duke'];
    case 'steal':
      return ['captain', swapRole(gameType)];
    case 'assassinate':
      return ['contessa'];
    default:
      return [];
  }
}

/** Whether only the target may block (steal, assassinate) rather than anyone else (foreign aid). */
export function targetBlocksOnly(action: ArchiveAction): boolean {
  return action === 'steal' || action === 'assassinate';
}

/** Copies of each role in the deck. */
export const COPIES_PER_ROLE = 3;
