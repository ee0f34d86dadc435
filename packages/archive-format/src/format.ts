import { z } from 'zod';

// The public human games archive of the open-source Coup server ("treason"), decoded form: a JSON array of
// games. The compact file carries the same events packed into bytes (base64 string); see docs/ARCHIVE.md
// for the byte layout and how ambiguous packed streams are read. These schemas are the one description of
// the decoded shape: the importer, the exporter, the checker and the API all use them.

/** Role names as the archive writes them. `inquisitor` only in `inquisitors` games (it replaces ambassador). */
export const ARCHIVE_ROLES = ['duke', 'captain', 'assassin', 'ambassador', 'inquisitor', 'contessa'] as const;
export const archiveRole = z.enum(ARCHIVE_ROLES);
export type ArchiveRole = z.infer<typeof archiveRole>;

export const ARCHIVE_ACTIONS = [
  'tax',
  'steal',
  'assassinate',
  'exchange',
  'interrogate',
  'coup',
  'foreign-aid',
  'income',
] as const;
export const archiveAction = z.enum(ARCHIVE_ACTIONS);
export type ArchiveAction = z.infer<typeof archiveAction>;

const player = z.number().int().min(0).max(15);

/** A blocker the record does not name (the decoded file writes -1; the packed form nibble 15). */
export const UNKNOWN_PLAYER = -1;

export const influence = z.object({ role: archiveRole, revealed: z.boolean() });
export const playerState = z.object({
  cash: z.number().int().min(0).max(255),
  influence: z.array(influence),
});
export type ArchivePlayerState = z.infer<typeof playerState>;

export const archiveEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('START_OF_TURN'), whoseTurn: player, playerStates: z.array(playerState) }),
  z.object({ type: z.literal('ACTION'), action: archiveAction, target: player.optional() }),
  z.object({
    type: z.literal('BLOCK'),
    /** -1 (UNKNOWN_PLAYER) when the record does not say who blocked (a foreign-aid block nobody challenged). */
    blockingPlayer: z.number().int().min(UNKNOWN_PLAYER).max(15),
    blockingRole: archiveRole,
  }),
  z.object({ type: z.literal('CHALLENGE_SUCCESS'), challenger: player, challenged: player }),
  z.object({ type: z.literal('CHALLENGE_FAIL'), challenger: player, challenged: player }),
  z.object({ type: z.literal('PLAYER_LEFT'), player }),
  z.object({ type: z.literal('GAME_OVER'), playerStates: z.array(playerState) }),
]);
export type ArchiveEvent = z.infer<typeof archiveEvent>;

export const GAME_TYPES = ['original', 'inquisitors'] as const;

const gameFields = {
  gameId: z.union([z.string(), z.number()]),
  gameType: z.enum(GAME_TYPES),
  playerCount: z.number().int().min(2).max(6),
  /**
   * One per player; "ai" marks a computer player; null where the record does not say (the archive's
   * decoder leaves out players that left the game, so its list can hold nulls or be shorter).
   */
  playerIds: z.array(z.string().nullable()),
  winner: player,
  playerRank: z.array(z.number().int()),
  /**
   * When the game started (ms since 1970), as the server's own documents say (`gameStarted`); it tells the
   * rules of the day (era.ts). Optional: the archive's described files do not carry it.
   */
  gameStarted: z.number().int().min(0).optional(),
};

/** A game of the large (decoded) file. */
export const decodedGame = z.object({ ...gameFields, events: z.array(archiveEvent) });
export type DecodedGame = z.infer<typeof decodedGame>;

/** A game of the compact file: the same fields, events packed and base64-encoded. */
export const compactGame = z.object({ ...gameFields, events: z.string() });
export type CompactGame = z.infer<typeof compactGame>;
