import { describe, expect, it } from 'vitest';
import type { DecodedGame } from '@coup/archive-format';
import { packEvents, toCompactGame } from './pack';
import { fromCompactGame, unpackEvents } from './unpack';

const states = (cash: number[]) =>
  cash.map((c, i) => ({
    cash: c,
    influence: [
      { role: i === 0 ? ('duke' as const) : ('captain' as const), revealed: false },
      { role: 'ambassador' as const, revealed: i === 1 },
    ],
  }));

const game: DecodedGame = {
  gameId: 7,
  gameType: 'original',
  playerCount: 2,
  playerIds: ['p1', 'ai'],
  winner: 0,
  playerRank: [0, 1],
  events: [
    { type: 'START_OF_TURN', whoseTurn: 0, playerStates: states([2, 1]) },
    { type: 'PLAYER_LEFT', player: 1 },
    { type: 'ACTION', action: 'steal', target: 1 },
    { type: 'BLOCK', blockingPlayer: 1, blockingRole: 'ambassador' },
    { type: 'CHALLENGE_FAIL', challenger: 0, challenged: 1 },
    { type: 'START_OF_TURN', whoseTurn: 1, playerStates: states([2, 1]) },
    { type: 'ACTION', action: 'income' },
    { type: 'GAME_OVER', playerStates: states([2, 2]) },
  ],
};

describe('packed events', () => {
  it('writes the documented bytes and reads them back', () => {
    const bytes = packEvents(game.events);
    // START_OF_TURN of player 0, cash 2, cards duke|ambassador; the untagged steal of player 1 after a
    // PLAYER_LEFT; BLOCK by 1 with the ambassador (4); CHALLENGE_FAIL 0 -> 1.
    expect([...bytes.slice(0, 9)]).toEqual([0x10, 2, 0x14, 1, 0x2c, 0x61, 0x21, 0x51, 4]);
    expect(unpackEvents(bytes, 2, 'original')).toEqual({ ok: true, events: game.events });
    expect(fromCompactGame(toCompactGame(game))).toEqual({ ok: true, game });
  });

  it('reads code 4 as the inquisitor in inquisitors games', () => {
    const r = unpackEvents(packEvents(game.events), 2, 'inquisitors');
    expect(r.ok && r.events[3]).toEqual({ type: 'BLOCK', blockingPlayer: 1, blockingRole: 'inquisitor' });
  });

  it('gives a reason, never throws, for streams it cannot read', () => {
    const bytes = packEvents(game.events);
    expect(unpackEvents(bytes.slice(0, 4), 2, 'original')).toMatchObject({ ok: false, reason: 'truncated' });
    expect(unpackEvents(bytes.slice(0, 5), 2, 'original')).toMatchObject({ reason: 'no_game_over' });
    expect(unpackEvents(Uint8Array.from([...bytes, 0]), 2, 'original')).toMatchObject({
      reason: 'bytes_after_game_over',
    });
    expect(unpackEvents(Uint8Array.from([0xf0]), 2, 'original')).toMatchObject({ reason: 'unknown_event' });
    expect(unpackEvents(Uint8Array.from([0x10, 2, 0x14, 1, 0x2c, 0xf0]), 2, 'original')).toMatchObject({
      reason: 'unknown_action',
    });
    expect(fromCompactGame({ ...toCompactGame(game), events: 'not base64!' })).toMatchObject({
      reason: 'bad_base64',
    });
  });
});

describe('ambiguous packed streams', () => {
  const s = states([2, 1]);
  it('reads a START_OF_TURN after a PLAYER_LEFT where an action was due', () => {
    const events = [
      { type: 'START_OF_TURN', whoseTurn: 0, playerStates: s },
      { type: 'PLAYER_LEFT', player: 0 },
      { type: 'START_OF_TURN', whoseTurn: 1, playerStates: s },
      { type: 'ACTION', action: 'income' },
      { type: 'GAME_OVER', playerStates: s },
    ] as DecodedGame['events'];
    expect(unpackEvents(packEvents(events), 2, 'original')).toEqual({ ok: true, events });
    // whoseTurn 0: the same bytes as a tax, told apart by the repeated snapshot
    const zero = events.map((e) => (e.type === 'START_OF_TURN' ? { ...e, whoseTurn: 0 } : e));
    expect(unpackEvents(packEvents(zero), 2, 'original')).toEqual({ ok: true, events: zero });
    // and a real tax after a PLAYER_LEFT stays a tax
    const tax = [
      events[0]!,
      events[1]!,
      { type: 'ACTION', action: 'tax' },
      events[4]!,
    ] as DecodedGame['events'];
    expect(unpackEvents(packEvents(tax), 2, 'original')).toEqual({ ok: true, events: tax });
  });

  it("reads observers' seats (zero bytes) out of the snapshots and maps the players' seats", () => {
    // Server seats: 0 player (duke|ambassador), 1 observer, 2 player (captain|ambassador), 3 observer.
    const bytes = Uint8Array.from([
      ...[0x12, 2, 0x14, 0, 0, 1, 0x2c, 0, 0], // START_OF_TURN of server seat 2, trailing observer
      0x20, // steal from server seat 0
      0x61, // an observer leaves: no event of the game
      0x50,
      2, // BLOCK by server seat 0 with the captain
      ...[0x40, 0x00 | 2], // CHALLENGE_FAIL: server seat 0 challenges seat 2
      ...[0x70, 2, 0x1c, 0, 0, 1, 0x2c], // GAME_OVER (no trailing observer this time)
    ]);
    const r = unpackEvents(bytes, 2, 'original');
    expect(r).toEqual({
      ok: true,
      events: [
        {
          type: 'START_OF_TURN',
          whoseTurn: 1,
          playerStates: states([2, 1]).map((p, i) =>
            i === 1 ? { ...p, influence: [p.influence[0]!, { ...p.influence[1]!, revealed: true }] } : p,
          ),
        },
        { type: 'ACTION', action: 'steal', target: 0 },
        { type: 'BLOCK', blockingPlayer: 0, blockingRole: 'captain' },
        { type: 'CHALLENGE_FAIL', challenger: 0, challenged: 1 },
        expect.objectContaining({ type: 'GAME_OVER' }),
      ],
    });
  });

  it("refuses an event naming an observer's seat, or players moving seats", () => {
    const start = [0x10, 2, 0x14, 0, 0, 1, 0x2c];
    const over = [0x70, 2, 0x14, 0, 0, 1, 0x2c];
    expect(unpackEvents(Uint8Array.from([...start, 0x21, ...over]), 2, 'original')).toMatchObject({
      ok: false,
      reason: 'observer_slot',
    });
    expect(
      unpackEvents(Uint8Array.from([...start, 0xd0, 0x70, 2, 0x14, 1, 0x2c]), 2, 'original'),
    ).toMatchObject({
      ok: false,
      reason: 'observer_slot',
    });
    expect(unpackEvents(Uint8Array.from([...start, 0xd0, ...over]), 2, 'original')).toMatchObject({
      ok: true,
    });
  });

  it('writes an unknown blocker (-1) as 15 and reads it back', () => {
    const events = [
      { type: 'START_OF_TURN', whoseTurn: 0, playerStates: s },
      { type: 'ACTION', action: 'foreign-aid' },
      { type: 'BLOCK', blockingPlayer: -1, blockingRole: 'duke' },
      { type: 'GAME_OVER', playerStates: s },
    ] as DecodedGame['events'];
    const bytes = packEvents(events);
    expect(bytes[6]).toBe(0x5f);
    expect(unpackEvents(bytes, 2, 'original')).toEqual({ ok: true, events });
  });
});
