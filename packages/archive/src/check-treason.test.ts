import { describe, expect, it } from 'vitest';
import { checkGame } from './check';
import { eraAt } from './era';
import type { ArchiveEvent } from '@coup/archive-format';
import { gameOf, hand, out } from './testing';

// The checker on what the treason server really records, by era: refunds, turns with no action, blockers
// it does not name, a seat that leaves while it owes a card.

const assassinTurn = (refund: boolean): ArchiveEvent[] => [
  {
    type: 'START_OF_TURN',
    whoseTurn: 0,
    playerStates: [hand(3, 'duke', 'contessa'), hand(2, 'captain', 'assassin')],
  },
  { type: 'ACTION', action: 'assassinate', target: 1 },
  { type: 'CHALLENGE_SUCCESS', challenger: 1, challenged: 0 },
  {
    type: 'START_OF_TURN',
    whoseTurn: 1,
    playerStates: [hand(refund ? 3 : 0, 'duke', 'contessa', [false, true]), hand(2, 'captain', 'assassin')],
  },
  { type: 'PLAYER_LEFT', player: 0 },
  {
    type: 'GAME_OVER',
    playerStates: [out(hand(refund ? 3 : 0, 'duke', 'contessa')), hand(2, 'captain', 'assassin')],
  },
];

describe('checkGame on treason recordings', () => {
  it('accepts a successfully challenged assassination with and without its refund, in either era (ours never refunds)', () => {
    for (const refund of [true, false]) {
      const g = gameOf(assassinTurn(refund));
      expect(checkGame(g), `refund ${refund}`).toEqual({ ok: true });
      expect(checkGame(g, eraAt(Date.UTC(2016, 7, 1))), `refund ${refund}, 2016`).toEqual({ ok: true });
      expect(checkGame(g, eraAt(Date.UTC(2020, 5, 1))), `refund ${refund}, 2020`).toEqual({ ok: true });
    }
    const twice = assassinTurn(true);
    (twice[3] as { playerStates: { cash: number }[] }).playerStates[0]!.cash = 6;
    expect(checkGame(gameOf(twice))).toMatchObject({ ok: false, reason: 'cash_mismatch' });
  });

  const s = [hand(2, 'duke', 'captain'), hand(2, 'contessa', 'assassin'), hand(2, 'captain', 'ambassador')];

  it('accepts a turn with no action when the seat to move left (or a leaver ended the game)', () => {
    const left: ArchiveEvent[] = [
      { type: 'START_OF_TURN', whoseTurn: 0, playerStates: s },
      { type: 'PLAYER_LEFT', player: 0 },
      { type: 'START_OF_TURN', whoseTurn: 1, playerStates: [out(s[0]!), s[1]!, s[2]!] },
      { type: 'PLAYER_LEFT', player: 2 },
      { type: 'GAME_OVER', playerStates: [out(s[0]!), s[1]!, out(s[2]!)] },
    ];
    expect(checkGame(gameOf(left))).toEqual({ ok: true });
    // Another seat left, the game went on, and the seat to move never acted: not a recording.
    const other: ArchiveEvent[] = [
      { type: 'START_OF_TURN', whoseTurn: 0, playerStates: s },
      { type: 'PLAYER_LEFT', player: 2 },
      { type: 'START_OF_TURN', whoseTurn: 1, playerStates: [s[0]!, s[1]!, out(s[2]!)] },
      { type: 'PLAYER_LEFT', player: 0 },
      { type: 'GAME_OVER', playerStates: [out(s[0]!), s[1]!, out(s[2]!)] },
    ];
    expect(checkGame(gameOf(other))).toMatchObject({ ok: false, reason: 'turn_without_action' });
  });

  it('accepts a foreign-aid block whose blocker is unknown (-1), and no other unnamed block', () => {
    const fa = (action: ArchiveEvent): ArchiveEvent[] => [
      { type: 'START_OF_TURN', whoseTurn: 0, playerStates: s },
      action,
      {
        type: 'BLOCK',
        blockingPlayer: -1,
        blockingRole: action.type === 'ACTION' && action.action === 'steal' ? 'captain' : 'duke',
      },
      { type: 'START_OF_TURN', whoseTurn: 1, playerStates: s },
      { type: 'PLAYER_LEFT', player: 0 },
      { type: 'PLAYER_LEFT', player: 2 },
      { type: 'GAME_OVER', playerStates: [out(s[0]!), s[1]!, out(s[2]!)] },
    ];
    expect(checkGame(gameOf(fa({ type: 'ACTION', action: 'foreign-aid' })))).toEqual({ ok: true });
    expect(checkGame(gameOf(fa({ type: 'ACTION', action: 'steal', target: 1 })))).toMatchObject({
      ok: false,
      reason: 'bad_block',
    });
  });

  it('accepts a turn their server ended when the loser of a challenge left instead of choosing its card', () => {
    const g: ArchiveEvent[] = [
      { type: 'START_OF_TURN', whoseTurn: 0, playerStates: s },
      { type: 'ACTION', action: 'tax' },
      { type: 'CHALLENGE_FAIL', challenger: 1, challenged: 0 },
      { type: 'PLAYER_LEFT', player: 1 },
      // No tax paid, and seat 1's cards revealed by its leaving.
      { type: 'START_OF_TURN', whoseTurn: 2, playerStates: [s[0]!, out(s[1]!), s[2]!] },
      { type: 'PLAYER_LEFT', player: 0 },
      { type: 'GAME_OVER', playerStates: [out(s[0]!), out(s[1]!), s[2]!] },
    ];
    expect(checkGame(gameOf(g))).toEqual({ ok: true });
    // The game ends when the challenger leaves: the loser of the challenge never lost its card.
    const two: ArchiveEvent[] = [
      {
        type: 'START_OF_TURN',
        whoseTurn: 1,
        playerStates: [hand(2, 'duke', 'duke'), hand(1, 'ambassador', 'contessa')],
      },
      { type: 'ACTION', action: 'tax' },
      { type: 'CHALLENGE_SUCCESS', challenger: 0, challenged: 1 },
      { type: 'PLAYER_LEFT', player: 0 },
      { type: 'GAME_OVER', playerStates: [out(hand(2, 'duke', 'duke')), hand(1, 'ambassador', 'contessa')] },
    ];
    expect(checkGame(gameOf(two))).toEqual({ ok: true });
  });

  it('refuses more player ids than players', () => {
    expect(checkGame({ ...gameOf(assassinTurn(false)), playerIds: ['a', 'b', 'c'] })).toMatchObject({
      reason: 'bad_players',
    });
  });
});
