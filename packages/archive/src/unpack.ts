import { ACTION_OF_CODE, EVENT_CODE, REVEALED_BIT, ROLE_CODE, roleOfCode, TARGETED_ACTIONS } from './codes';
import type { ArchiveEvent, ArchivePlayerState, CompactGame, DecodedGame } from './format';

// The compact byte stream -> decoded events. The stream is not self-describing in two ways, read as
// docs/ARCHIVE.md says: (1) START_OF_TURN and GAME_OVER carry one state per player and no count, so the
// game's playerCount says how many follow; (2) the ACTION after a START_OF_TURN is untagged: the first
// byte after it (and after any PLAYER_LEFT, high nibble 6, which no action code uses) is the action, except
// a GAME_OVER (high nibble 7, no action code either) when the game ended before anyone acted, and (3) a
// START_OF_TURN after a PLAYER_LEFT (see snapshotAfterLeft). Such action-less turns are then refused by the
// grammar check (`turn_without_action`), but counted for what they are.
// Never throws: a stream that cannot be read gives a reason code.

export type UnpackFailure =
  | 'bad_base64'
  | 'truncated'
  | 'unknown_event'
  | 'unknown_action'
  | 'unknown_role'
  | 'observer_slot'
  | 'bytes_after_game_over'
  | 'no_game_over';

export type UnpackResult =
  { ok: true; events: ArchiveEvent[] } | { ok: false; reason: UnpackFailure; at: number };

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Decodes a base64 string strictly (Buffer.from silently skips bad characters). */
export function decodeBase64(s: string): Uint8Array | null {
  if (s.length % 4 !== 0 || !BASE64.test(s)) return null;
  return Buffer.from(s, 'base64');
}

/**
 * Whether the byte at `i`, met where an untagged ACTION is due but right after a PLAYER_LEFT, is rather a
 * START_OF_TURN (the player whose turn it was left, and the turn passed without an action). Its high
 * nibble 1 is also tax's; tax writes a 0 low nibble, so a non-zero one is a START_OF_TURN; with a zero one
 * it is a START_OF_TURN when the bytes after it repeat the turn's snapshot (coins and roles; revealed bits
 * may differ, the leaver's cards are revealed). As the archive's own reader does.
 */
function snapshotAfterLeft(
  bytes: Uint8Array,
  i: number,
  events: ArchiveEvent[],
  playerCount: number,
): boolean {
  if (bytes[i]! >> 4 !== EVENT_CODE.START_OF_TURN || events.at(-1)?.type !== 'PLAYER_LEFT') return false;
  if ((bytes[i]! & 15) !== 0) return true;
  const start = events.findLast((e) => e.type === 'START_OF_TURN');
  if (!start || start.type !== 'START_OF_TURN' || i + 1 + playerCount * 2 > bytes.length) return false;
  return start.playerStates.every((s, p) => {
    const cards = bytes[i + 2 + p * 2]!;
    return (
      bytes[i + 1 + p * 2] === s.cash &&
      [cards >> 4, cards & 15].every((n, j) => (n & 7) === ROLE_CODE[s.influence[j]!.role])
    );
  });
}

export function unpackEvents(
  bytes: Uint8Array,
  playerCount: number,
  gameType: 'original' | 'inquisitors',
): UnpackResult {
  const events: ArchiveEvent[] = [];
  let i = 0;
  let actionNext = false;
  const fail = (reason: UnpackFailure): UnpackResult => ({ ok: false, reason, at: i });

  const readStates = (): ArchivePlayerState[] | UnpackFailure => {
    if (i + playerCount * 2 > bytes.length) return 'truncated';
    const states: ArchivePlayerState[] = [];
    for (let p = 0; p < playerCount; p++) {
      const cash = bytes[i++]!;
      const cards = bytes[i++]!;
      // The archive's server wrote spectators' seats as zero bytes inside snapshots; we cannot map them.
      if (cash === 0 && cards === 0) return 'observer_slot';
      const first = roleOfCode((cards >> 4) & 7, gameType);
      const second = roleOfCode(cards & 7, gameType);
      if (!first || !second) return 'unknown_role';
      states.push({
        cash,
        influence: [
          { role: first, revealed: (cards & (REVEALED_BIT << 4)) !== 0 },
          { role: second, revealed: (cards & REVEALED_BIT) !== 0 },
        ],
      });
    }
    return states;
  };

  while (i < bytes.length) {
    const b = bytes[i]!;
    const type = b >> 4;
    const low = b & 15;
    if (
      actionNext &&
      type !== EVENT_CODE.PLAYER_LEFT &&
      type !== EVENT_CODE.GAME_OVER &&
      !snapshotAfterLeft(bytes, i, events, playerCount)
    ) {
      const action = ACTION_OF_CODE.get(type);
      if (!action) return fail('unknown_action');
      events.push(
        TARGETED_ACTIONS.has(action) ? { type: 'ACTION', action, target: low } : { type: 'ACTION', action },
      );
      actionNext = false;
      i++;
      continue;
    }
    i++;
    switch (type) {
      case EVENT_CODE.START_OF_TURN:
      case EVENT_CODE.GAME_OVER: {
        const states = readStates();
        if (typeof states === 'string') return fail(states);
        if (type === EVENT_CODE.GAME_OVER) {
          events.push({ type: 'GAME_OVER', playerStates: states });
          return i === bytes.length ? { ok: true, events } : fail('bytes_after_game_over');
        }
        events.push({ type: 'START_OF_TURN', whoseTurn: low, playerStates: states });
        actionNext = true;
        break;
      }
      case EVENT_CODE.CHALLENGE_SUCCESS:
      case EVENT_CODE.CHALLENGE_FAIL: {
        if (i >= bytes.length) return fail('truncated');
        const kind = type === EVENT_CODE.CHALLENGE_SUCCESS ? 'CHALLENGE_SUCCESS' : 'CHALLENGE_FAIL';
        events.push({ type: kind, challenger: low, challenged: bytes[i++]! });
        break;
      }
      case EVENT_CODE.BLOCK: {
        if (i >= bytes.length) return fail('truncated');
        const role = roleOfCode(bytes[i++]!, gameType);
        if (!role) return fail('unknown_role');
        events.push({ type: 'BLOCK', blockingPlayer: low, blockingRole: role });
        break;
      }
      case EVENT_CODE.PLAYER_LEFT:
        events.push({ type: 'PLAYER_LEFT', player: low });
        break;
      default:
        i--;
        return fail('unknown_event');
    }
  }
  return fail('no_game_over');
}

export type DecodeGameResult =
  { ok: true; game: DecodedGame } | { ok: false; reason: UnpackFailure; at: number };

/** A compact game (parsed with `compactGame`) decoded: events unpacked from base64. */
export function fromCompactGame(game: CompactGame): DecodeGameResult {
  const bytes = decodeBase64(game.events);
  if (!bytes) return { ok: false, reason: 'bad_base64', at: 0 };
  const r = unpackEvents(bytes, game.playerCount, game.gameType);
  return r.ok ? { ok: true, game: { ...game, events: r.events } } : r;
}
