import { describe, expect, it } from 'vitest';
import { checkGame } from './check';
import type { ArchiveRole as Role, DecodedGame } from './format';
import { fromReplay } from './from-replay';
import { replayCheck } from './replay-check';
import { syntheticGame } from './synthetic';
import { playBotMatches } from './testing';

describe('replayCheck', () => {
  it('agrees with every game our engine played', async () => {
    for (const replay of await playBotMatches(16, 'replay-check')) {
      const r = fromReplay(replay);
      if (!r.ok) throw new Error(r.error);
      expect(replayCheck(r.game.decoded), replay.matchId).toEqual({ status: 'agreed' });
    }
  }, 120_000);

  it('does not re-play inquisitors games', () => {
    expect(replayCheck(syntheticGame(1, { gameType: 'inquisitors' }))).toMatchObject({
      status: 'not_replayed',
    });
  });

  it('agrees with synthetic games of the archive server where the rules are the same, never throwing', () => {
    for (let k = 0; k < 300; k++) {
      const g = syntheticGame(`rc:${k}`, { gameType: 'original' });
      expect(checkGame(g)).toEqual({ ok: true });
      expect(replayCheck(g)).toEqual({ status: 'agreed' });
    }
  });

  const hand = (cash: number, a: Role, b: Role, revealed = [false, false]) => ({
    cash,
    influence: [
      { role: a, revealed: revealed[0]! },
      { role: b, revealed: revealed[1]! },
    ],
  });
  const game = (events: DecodedGame['events']): DecodedGame => ({
    gameId: 'g',
    gameType: 'original',
    playerCount: 3,
    playerIds: ['a', 'b', 'c'],
    winner: 0,
    playerRank: [0, 1, 2],
    events,
  });
  const start = [hand(2, 'captain', 'captain'), hand(2, 'duke', 'contessa'), hand(2, 'assassin', 'assassin')];

  it('reports a block challenged by a player other than the actor (the archive server allows it)', () => {
    const g = game([
      { type: 'START_OF_TURN', whoseTurn: 0, playerStates: start },
      { type: 'ACTION', action: 'foreign-aid' },
      { type: 'BLOCK', blockingPlayer: 1, blockingRole: 'duke' },
      { type: 'CHALLENGE_FAIL', challenger: 2, challenged: 1 },
      {
        type: 'START_OF_TURN',
        whoseTurn: 1,
        playerStates: [
          start[0]!,
          hand(2, 'ambassador', 'contessa'),
          hand(2, 'assassin', 'assassin', [true, false]),
        ],
      },
      { type: 'ACTION', action: 'income' },
      { type: 'GAME_OVER', playerStates: start },
    ]);
    expect(replayCheck(g)).toEqual({
      status: 'disagreed',
      note: 'turn at event 0: seat 2 challenges a block (our rules: only the actor)',
    });
  });

  it('reports coins our rules do not give, and a next player ours would not choose', () => {
    const after = (coins: number, whoseTurn: number) =>
      game([
        { type: 'START_OF_TURN', whoseTurn: 0, playerStates: start },
        { type: 'ACTION', action: 'tax' },
        {
          type: 'START_OF_TURN',
          whoseTurn,
          playerStates: [hand(coins, 'captain', 'captain'), start[1]!, start[2]!],
        },
        { type: 'ACTION', action: 'income' },
        { type: 'GAME_OVER', playerStates: start },
      ]);
    expect(replayCheck(after(4, 1))).toEqual({
      status: 'disagreed',
      note: 'turn at event 0: seat 0 has 5 coins here, 4 in the archive',
    });
    expect(replayCheck(after(5, 2))).toMatchObject({
      note: 'turn at event 0: seat 1 plays next here, seat 2 in the archive',
    });
  });

  it('never throws on games it cannot set up', () => {
    const four = [...start, hand(2, 'captain', 'duke')];
    const g = {
      ...game([
        { type: 'START_OF_TURN', whoseTurn: 0, playerStates: four },
        { type: 'ACTION', action: 'income' },
        { type: 'GAME_OVER', playerStates: four },
      ]),
      playerCount: 4,
    };
    expect(replayCheck(g)).toMatchObject({ status: 'disagreed' });
  });
});
