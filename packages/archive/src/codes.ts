import type { ArchiveAction, ArchiveRole } from '@coup/archive-format';

// The byte codes of the compact archive format (docs/ARCHIVE.md). Event types sit in the high nibble of a
// tagged byte; the ACTION right after a START_OF_TURN is untagged (its high nibble is the action's code).

export const EVENT_CODE = {
  START_OF_TURN: 1,
  CHALLENGE_SUCCESS: 3,
  CHALLENGE_FAIL: 4,
  BLOCK: 5,
  PLAYER_LEFT: 6,
  GAME_OVER: 7,
} as const;

export const ACTION_CODE: Record<ArchiveAction, number> = {
  tax: 1,
  steal: 2,
  assassinate: 3,
  exchange: 4,
  coup: 5,
  'foreign-aid': 9,
  interrogate: 12,
  income: 13,
};

export const ACTION_OF_CODE = new Map<number, ArchiveAction>(
  Object.entries(ACTION_CODE).map(([a, c]) => [c, a as ArchiveAction]),
);

/** Actions with a target: their low nibble is the target; for the others it is written 0 and ignored. */
export const TARGETED_ACTIONS: ReadonlySet<ArchiveAction> = new Set([
  'steal',
  'assassinate',
  'coup',
  'interrogate',
]);

export const ROLE_CODE: Record<ArchiveRole, number> = {
  duke: 1,
  captain: 2,
  assassin: 3,
  ambassador: 4,
  inquisitor: 4,
  contessa: 5,
};

/** Code 4 is the ambassador in `original` games and the inquisitor in `inquisitors` games. */
export function roleOfCode(code: number, gameType: 'original' | 'inquisitors'): ArchiveRole | null {
  switch (code) {
    case 1:
      return 'duke';
    case 2:
      return 'captain';
    case 3:
      return 'assassin';
    case 4:
      return gameType === 'inquisitors' ? 'inquisitor' : 'ambassador';
    case 5:
      return 'contessa';
    default:
      return null;
  }
}

export const REVEALED_BIT = 8;

/** The BLOCK byte's player nibble for a blocker the record does not name (no game has a seat 15). */
export const UNKNOWN_BLOCKER_NIBBLE = 15;
