import {
  ACTION_OF_CODE,
  EVENT_CODE,
  REVEALED_BIT,
  roleOfCode,
  TARGETED_ACTIONS,
  UNKNOWN_BLOCKER_NIBBLE,
} from './codes';
import { UNKNOWN_PLAYER } from '@coup/archive-format';
import type { ArchiveEvent, ArchivePlayerState, CompactGame, DecodedGame } from '@coup/archive-format';

// The compact byte stream -> decoded events. The stream is not self-describing; it is read as
// docs/ARCHIVE.md says: (1) START_OF_TURN and GAME_OVER carry one state per seat and no count, so the
// game's playerCount says how many players follow, and the server also wrote its observers' seats there
// as zero bytes (cash 0, cards 0): they are read and left out, and every player index of the stream is
// mapped from the server's seat (players and observers) to the player's index; (2) the ACTION after a
// START_OF_TURN is untagged: the first byte after it (and after any PLAYER_LEFT, high nibble 6, which no
// action code uses) is the action, except a GAME_OVER (high nibble 7, no action code either) when the game
// ended before anyone acted, and (3) a START_OF_TURN after a PLAYER_LEFT where the action was due (see
// snapshotAfterLeft): the seat to move left, and the turn passed with no action.
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

/** Seats a snapshot can hold: the recorder keeps a seat in 4 bits. */
const MAX_SEATS = 16;

interface Snapshot {
  states: ArchivePlayerState[];
  /** The server's seat of each player state (observers' seats are skipped). */
  seats: number[];
  /** Offset after the snapshot and any observers' seats that trail it. */
  end: number;
}

/**
 * Reads the player states at `at`: seat by seat until `playerCount` players are found (an observer's seat
 * is two zero bytes, a player never has a zero cards byte), then the observers' seats that trail them.
 */
function readSnapshot(
  bytes: Uint8Array,
  at: number,
  playerCount: number,
  gameType: 'original' | 'inquisitors',
): Snapshot | UnpackFailure {
  const states: ArchivePlayerState[] = [];
  const seats: number[] = [];
  let i = at;
  let seat = 0;
  while (states.length < playerCount) {
    if (i + 2 > bytes.length) return 'truncated';
    if (seat >= MAX_SEATS) return 'observer_slot';
    const cash = bytes[i++]!;
    const cards = bytes[i++]!;
    seat++;
    if (cards === 0) {
      if (cash !== 0) return 'unknown_role';
      continue;
    }
    const first = roleOfCode((cards >> 4) & 7, gameType);
    const second = roleOfCode(cards & 7, gameType);
    if (!first || !second) return 'unknown_role';
    seats.push(seat - 1);
    states.push({
      cash,
      influence: [
        { role: first, revealed: (cards & (REVEALED_BIT << 4)) !== 0 },
        { role: second, revealed: (cards & REVEALED_BIT) !== 0 },
      ],
    });
  }
  // No event starts with a zero byte: zero pairs here are observers' seats after the last player.
  while (i + 1 < bytes.length && bytes[i] === 0 && bytes[i + 1] === 0) i += 2;
  return { states, seats, end: i };
}

const sameSeats = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((s, k) => s === b[k]);

export function unpackEvents(
  bytes: Uint8Array,
  playerCount: number,
  gameType: 'original' | 'inquisitors',
): UnpackResult {
  const events: ArchiveEvent[] = [];
  let i = 0;
  let actionNext = false;
  /** The server's seats of the players, from the first snapshot; null until then. */
  let seats: number[] | null = null;
  let lastStart: ArchivePlayerState[] | null = null;
  /** Whether the last byte read was a PLAYER_LEFT (a player's or an observer's). */
  let afterLeft = false;
  const fail = (reason: UnpackFailure): UnpackResult => ({ ok: false, reason, at: i });
  /**
   * A server seat as a player index: null for an observer's seat. A seat past the last player's, in a game
   * with no observer before it, is kept as it is (for the checker to name it out of range) unless
   * `pastIsObserver` (a PLAYER_LEFT: an observer can join after a snapshot and leave before the next).
   */
  const playerOf = (seat: number, pastIsObserver = false): number | null => {
    if (!seats) return seat;
    const k = seats.indexOf(seat);
    if (k >= 0) return k;
    const noObserverBefore = seats[seats.length - 1] === seats.length - 1;
    return noObserverBefore && seat >= seats.length && !pastIsObserver ? seat : null;
  };

  /**
   * Whether the byte at `i`, met where an untagged ACTION is due right after a PLAYER_LEFT, is rather a
   * START_OF_TURN (the seat to move left, and the turn passed with no action). Its high nibble 1 is also
   * tax's; tax writes a 0 low nibble, so a non-zero one is a START_OF_TURN; with a zero one it is a
   * START_OF_TURN when the states after it repeat the turn's snapshot (coins and roles; the leaver's cards
   * are now revealed). As the archive's own reader does.
   */
  const snapshotAfterLeft = (): boolean => {
    if (bytes[i]! >> 4 !== EVENT_CODE.START_OF_TURN || !afterLeft) return false;
    if ((bytes[i]! & 15) !== 0) return true;
    const next = readSnapshot(bytes, i + 1, playerCount, gameType);
    if (typeof next === 'string' || !lastStart) return false;
    return lastStart.every(
      (s, p) =>
        next.states[p]!.cash === s.cash &&
        next.states[p]!.influence.every((c, j) => c.role === s.influence[j]!.role),
    );
  };

  while (i < bytes.length) {
    const b = bytes[i]!;
    const type = b >> 4;
    const low = b & 15;
    if (
      actionNext &&
      type !== EVENT_CODE.PLAYER_LEFT &&
      type !== EVENT_CODE.GAME_OVER &&
      !snapshotAfterLeft()
    ) {
      const action = ACTION_OF_CODE.get(type);
      if (!action) return fail('unknown_action');
      if (TARGETED_ACTIONS.has(action)) {
        const target = playerOf(low);
        if (target === null) return fail('observer_slot');
        events.push({ type: 'ACTION', action, target });
      } else events.push({ type: 'ACTION', action });
      actionNext = false;
      afterLeft = false;
      i++;
      continue;
    }
    i++;
    switch (type) {
      case EVENT_CODE.START_OF_TURN:
      case EVENT_CODE.GAME_OVER: {
        const snap = readSnapshot(bytes, i, playerCount, gameType);
        if (typeof snap === 'string') return fail(snap);
        if (!seats) seats = snap.seats;
        // Observers come and go at the end of the table; the players keep their seats.
        else if (!sameSeats(seats, snap.seats)) return fail('observer_slot');
        i = snap.end;
        if (type === EVENT_CODE.GAME_OVER) {
          events.push({ type: 'GAME_OVER', playerStates: snap.states });
          return i === bytes.length ? { ok: true, events } : fail('bytes_after_game_over');
        }
        const whoseTurn = playerOf(low);
        if (whoseTurn === null) return fail('observer_slot');
        events.push({ type: 'START_OF_TURN', whoseTurn, playerStates: snap.states });
        lastStart = snap.states;
        actionNext = true;
        break;
      }
      case EVENT_CODE.CHALLENGE_SUCCESS:
      case EVENT_CODE.CHALLENGE_FAIL: {
        if (i >= bytes.length) return fail('truncated');
        const kind = type === EVENT_CODE.CHALLENGE_SUCCESS ? 'CHALLENGE_SUCCESS' : 'CHALLENGE_FAIL';
        const challenger = playerOf(low);
        const challenged = playerOf(bytes[i++]! & 15);
        if (challenger === null || challenged === null) return fail('observer_slot');
        events.push({ type: kind, challenger, challenged });
        break;
      }
      case EVENT_CODE.BLOCK: {
        if (i >= bytes.length) return fail('truncated');
        const role = roleOfCode(bytes[i++]!, gameType);
        if (!role) return fail('unknown_role');
        // A seat that is no player's (15: our own "unknown", or an observer's) names no blocker.
        const blocker = low === UNKNOWN_BLOCKER_NIBBLE ? null : playerOf(low);
        events.push({ type: 'BLOCK', blockingPlayer: blocker ?? UNKNOWN_PLAYER, blockingRole: role });
        break;
      }
      case EVENT_CODE.PLAYER_LEFT: {
        // An observer leaving is no event of the game (the server recorded it in some versions).
        const player = playerOf(low, true);
        if (player !== null) events.push({ type: 'PLAYER_LEFT', player });
        afterLeft = true;
        continue;
      }
      default:
        i--;
        return fail('unknown_event');
    }
    afterLeft = false;
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
