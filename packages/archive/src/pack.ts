import {
  ACTION_CODE,
  EVENT_CODE,
  REVEALED_BIT,
  ROLE_CODE,
  TARGETED_ACTIONS,
  UNKNOWN_BLOCKER_NIBBLE,
} from './codes';
import { UNKNOWN_PLAYER } from '@coup/archive-format';
import type { ArchiveEvent, ArchivePlayerState, CompactGame, DecodedGame } from '@coup/archive-format';

// Decoded events -> the compact byte stream (docs/ARCHIVE.md). Packing trusts its input's shape (parse it
// with `decodedGame` first); values that do not fit their nibble or byte are refused with an Error, since a
// silently truncated number would write a different game.

function nibble(n: number, what: string): number {
  if (!Number.isInteger(n) || n < 0 || n > 15) throw new Error(`${what} ${n} does not fit in 4 bits`);
  return n;
}

function cardNibble(card: ArchivePlayerState['influence'][number] | undefined): number {
  if (!card) throw new Error('a player state needs exactly two cards in the packed format');
  return (card.revealed ? REVEALED_BIT : 0) | ROLE_CODE[card.role];
}

function pushStates(out: number[], states: readonly ArchivePlayerState[]): void {
  for (const s of states) {
    if (s.influence.length !== 2)
      throw new Error('a player state needs exactly two cards in the packed format');
    if (s.cash > 255) throw new Error(`cash ${s.cash} does not fit in a byte`);
    out.push(s.cash, (cardNibble(s.influence[0]) << 4) | cardNibble(s.influence[1]));
  }
}

/** Packs the events of one game into bytes. */
export function packEvents(events: readonly ArchiveEvent[]): Uint8Array {
  const out: number[] = [];
  for (const e of events) {
    switch (e.type) {
      case 'START_OF_TURN':
        out.push((EVENT_CODE.START_OF_TURN << 4) | nibble(e.whoseTurn, 'player'));
        pushStates(out, e.playerStates);
        break;
      case 'GAME_OVER':
        // GAME_OVER names no player; its low nibble is written 0.
        out.push(EVENT_CODE.GAME_OVER << 4);
        pushStates(out, e.playerStates);
        break;
      case 'ACTION': {
        const target = TARGETED_ACTIONS.has(e.action) ? nibble(e.target ?? 0, 'target') : 0;
        out.push((ACTION_CODE[e.action] << 4) | target);
        break;
      }
      case 'CHALLENGE_SUCCESS':
      case 'CHALLENGE_FAIL':
        out.push((EVENT_CODE[e.type] << 4) | nibble(e.challenger, 'player'), nibble(e.challenged, 'player'));
        break;
      case 'BLOCK': {
        // An unknown blocker (-1) is written 15, a seat no game has (unpack reads it back as -1).
        const blocker = e.blockingPlayer === UNKNOWN_PLAYER ? UNKNOWN_BLOCKER_NIBBLE : e.blockingPlayer;
        out.push((EVENT_CODE.BLOCK << 4) | nibble(blocker, 'player'), ROLE_CODE[e.blockingRole]);
        break;
      }
      case 'PLAYER_LEFT':
        out.push((EVENT_CODE.PLAYER_LEFT << 4) | nibble(e.player, 'player'));
        break;
    }
  }
  return Uint8Array.from(out);
}

/** A decoded game as the compact file writes it (events packed, base64). */
export function toCompactGame(game: DecodedGame): CompactGame {
  return { ...game, events: Buffer.from(packEvents(game.events)).toString('base64') };
}
