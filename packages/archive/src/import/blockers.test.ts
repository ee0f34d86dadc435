import { describe, expect, it } from 'vitest';
import type { ArchiveEvent, DecodedGame } from '@coup/archive-format';
import { packEvents } from '../pack';
import { hand, out } from '../testing';
import { readGame } from './read-game';

// Who blocked, by era: the treason server wrote seat 0 in every BLOCK byte until 2020-05-19. A blocker is
// taken from the byte only when the era says the bytes name blockers, from the record where it tells
// (a challenge, a target, the only seat that could), and is otherwise unknown (-1), never seat 0.

const s = [hand(2, 'duke', 'captain'), hand(2, 'contessa', 'assassin'), hand(2, 'captain', 'ambassador')];

/**
 * Seat 1's foreign aid blocked (byte `fa`), then seat 2's steal from `target` blocked (byte `steal`), or
 * seat 2's income (`target` null); then seats 2 and 0 leave.
 */
function events(fa: number, target: number | null, steal = 0, extra: ArchiveEvent[] = []): ArchiveEvent[] {
  const after = target === null ? [s[0]!, s[1]!, hand(3, 'captain', 'ambassador')] : s;
  return [
    { type: 'START_OF_TURN', whoseTurn: 1, playerStates: s },
    { type: 'ACTION', action: 'foreign-aid' },
    { type: 'BLOCK', blockingPlayer: fa, blockingRole: 'duke' },
    ...extra,
    { type: 'START_OF_TURN', whoseTurn: 2, playerStates: s },
    ...(target === null
      ? [{ type: 'ACTION', action: 'income' } as const]
      : [
          { type: 'ACTION', action: 'steal', target } as const,
          { type: 'BLOCK', blockingPlayer: steal, blockingRole: 'captain' } as const,
        ]),
    { type: 'START_OF_TURN', whoseTurn: 0, playerStates: after },
    { type: 'PLAYER_LEFT', player: 2 },
    { type: 'PLAYER_LEFT', player: 0 },
    { type: 'GAME_OVER', playerStates: [out(after[0]!), after[1]!, out(after[2]!)] },
  ];
}

const document = (ev: ArchiveEvent[], gameStarted?: number) => ({
  _id: 'doc',
  players: 3,
  playerRank: ['p1'],
  playerDisconnect: ['p0', 'p2'],
  gameType: 'original',
  ...(gameStarted === undefined ? {} : { gameStarted }),
  events: Buffer.from(packEvents(ev)).toString('base64'),
});
const compact = (ev: ArchiveEvent[]) => {
  const { _id: gameId, players: playerCount, ...rest } = document(ev);
  void rest;
  return {
    gameId,
    gameType: 'original',
    playerCount,
    playerIds: ['p0', 'p1', 'p2'],
    winner: 1,
    playerRank: [1, 0, 2],
    events: document(ev).events,
  };
};

function blockers(raw: unknown): number[] {
  const r = readGame(raw);
  if (!r.ok) throw new Error(`${r.reason}: ${r.detail}`);
  return r.game.events.flatMap((e) => (e.type === 'BLOCK' ? [e.blockingPlayer] : []));
}

describe('blockers of packed games, by era', () => {
  it("takes the bytes of a game dated after 2020-05-19, and the record's word before", () => {
    expect(blockers(document(events(0, 0, 0), Date.UTC(2020, 5, 1)))).toEqual([0, 0]);
    // 2018: every byte said 0. The steal's blocker is its target; the foreign aid's is unknown (0 or 2).
    expect(blockers(document(events(0, 1, 0), Date.UTC(2018, 0, 1)))).toEqual([-1, 1]);
  });

  it('trusts the bytes of an undated game where one names a seat other than 0', () => {
    expect(blockers(compact(events(0, 1, 1)))).toEqual([0, 1]);
  });

  it('does not trust the bytes of an undated game where one names seat 0 that could not have blocked', () => {
    expect(blockers(compact(events(0, 1, 0)))).toEqual([-1, 1]);
  });

  it('never credits seat 0 on an undated byte that says nothing: unknown unless one seat could block', () => {
    expect(blockers(compact(events(0, null)))).toEqual([-1]);
    // Two players: only seat 1 could block seat 0's foreign aid (the byte said 0, the actor).
    const a = hand(2, 'duke', 'captain');
    const b = hand(2, 'duke', 'contessa');
    const two: ArchiveEvent[] = [
      { type: 'START_OF_TURN', whoseTurn: 0, playerStates: [a, b] },
      { type: 'ACTION', action: 'foreign-aid' },
      { type: 'BLOCK', blockingPlayer: 0, blockingRole: 'duke' },
      { type: 'START_OF_TURN', whoseTurn: 1, playerStates: [a, b] },
      { type: 'PLAYER_LEFT', player: 0 },
      { type: 'GAME_OVER', playerStates: [out(a), b] },
    ];
    expect(
      blockers({ ...compact(two), playerCount: 2, playerIds: ['p0', 'p1'], playerRank: [1, 0] }),
    ).toEqual([1]);
  });

  it('names the blocker of a challenged block from the challenge', () => {
    // Seat 2 blocked (the byte says 0), seat 1 caught the bluff: seat 2 loses a card, the aid is paid.
    const challenged = events(0, null, 0, [{ type: 'CHALLENGE_SUCCESS', challenger: 1, challenged: 2 }]);
    const lost = [s[0]!, hand(4, 'contessa', 'assassin'), hand(2, 'captain', 'ambassador', [true, false])];
    const paid = [lost[0]!, lost[1]!, hand(3, 'captain', 'ambassador', [true, false])];
    challenged[4] = { type: 'START_OF_TURN', whoseTurn: 2, playerStates: lost };
    challenged[6] = { type: 'START_OF_TURN', whoseTurn: 0, playerStates: paid };
    challenged[9] = { type: 'GAME_OVER', playerStates: [out(paid[0]!), paid[1]!, out(paid[2]!)] };
    const r = readGame(compact(challenged));
    if (!r.ok) throw new Error(r.detail);
    expect(r.game.events[2]).toEqual({ type: 'BLOCK', blockingPlayer: 2, blockingRole: 'duke' });
    // A byte that said 0 for seat 2's block: the bytes of this game are from before the fix.
    expect(r.era.blockerRecorded).toBe(false);
  });
});

describe('blockers of the decoded file', () => {
  const decoded = (ev: ArchiveEvent[]): DecodedGame => ({ ...compact(ev), gameType: 'original', events: ev });
  it('keeps the -1 its decoder wrote where several seats could block, and the blockers it named', () => {
    expect(blockers(decoded(events(-1, 1, 1)))).toEqual([-1, 1]);
    expect(blockers(decoded(events(2, 1, 1)))).toEqual([2, 1]);
  });
});
