import { describe, expect, it } from 'vitest';
import type { ArchiveEvent } from '@coup/archive-format';
import { readGame } from './import/read-game';
import { packEvents } from './pack';
import { decoderRank, reseatDecoderIds, serverSeatOrder } from './seat-ids';
import { hand, out } from './testing';

// Seat 2 is couped out first, then seat 1 leaves while still in the game, and seat 0 wins. The server
// ranks [seat 0, seat 2] (a leaver is not ranked) and lists seat 1 as disconnected; its decoder, which
// counts the leaver as eliminated, puts the ranked ids on seats 0 and 1, and loses seat 2's.
const a = hand(7, 'duke', 'captain');
const b = hand(2, 'contessa', 'assassin');
const c = hand(2, 'captain', 'ambassador', [true, false]);
const events: ArchiveEvent[] = [
  { type: 'START_OF_TURN', whoseTurn: 0, playerStates: [a, b, c] },
  { type: 'ACTION', action: 'coup', target: 2 },
  { type: 'START_OF_TURN', whoseTurn: 1, playerStates: [hand(0, 'duke', 'captain'), b, out(c)] },
  { type: 'PLAYER_LEFT', player: 1 },
  { type: 'GAME_OVER', playerStates: [hand(0, 'duke', 'captain'), out(b), out(c)] },
];

describe('seat ids', () => {
  it("orders the seats as the archive's decoder does and as the server ranked them", () => {
    expect(decoderRank(events, 3)).toEqual([0, 1, 2]);
    expect(serverSeatOrder(events, 3)).toEqual({ ranked: [0, 2], leavers: [1] });
  });

  it("puts the decoder's ids back on their seats (the leaver's id is lost)", () => {
    // The decoder wrote playerIds[decoderRank[k]] = serverRank[k]: seat 1 got C, seat 2 nothing.
    expect(reseatDecoderIds(events, 3, ['A', 'C'])).toEqual(['A', null, 'C']);
    expect(reseatDecoderIds(events, 3, ['A', 'C', null])).toEqual(['A', null, 'C']);
    // A complete list is taken as written.
    expect(reseatDecoderIds(events, 3, ['A', 'B', 'C'])).toEqual(['A', 'B', 'C']);
  });

  it("reads every seat's id from the server's documents (ranked and disconnected)", () => {
    const doc = {
      _id: 'x',
      players: 3,
      playerRank: ['A', 'C'],
      playerDisconnect: ['B'],
      gameType: 'original',
      gameStarted: Date.UTC(2020, 5, 1),
      events: Buffer.from(packEvents(events)).toString('base64'),
    };
    const r = readGame(doc);
    if (!r.ok) throw new Error(r.detail);
    expect(r.game).toMatchObject({ gameId: 'x', playerCount: 3, playerIds: ['A', 'B', 'C'], winner: 0 });
    expect(r.game.playerRank).toEqual([0, 1, 2]);
    expect(r.encoding).toBe('document');
    // The same game from the decoder's file: ids put back, the leaver's unknown; a list cut short is padded.
    const decoded = {
      gameId: 'x',
      gameType: 'original',
      playerCount: 3,
      playerIds: ['A', 'C'],
      winner: 0,
      playerRank: [0, 1, 2],
      events,
    };
    const d = readGame(decoded);
    expect(d.ok && d.game.playerIds).toEqual(['A', null, 'C']);
  });
});
