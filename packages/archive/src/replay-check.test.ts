import { describe, expect, it } from 'vitest';
import { checkGame } from './check';
import type { ArchiveRole as Role, DecodedGame } from '@coup/archive-format';
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

  it('names a block challenged by a player other than the actor (the archive server allows it)', () => {
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
      { type: 'PLAYER_LEFT', player: 0 },
      { type: 'PLAYER_LEFT', player: 2 },
      {
        type: 'GAME_OVER',
        playerStates: [
          hand(2, 'captain', 'captain', [true, true]),
          hand(2, 'ambassador', 'contessa'),
          hand(2, 'assassin', 'assassin', [true, true]),
        ],
      },
    ]);
    expect(replayCheck(g)).toEqual({
      status: 'rules_differ',
      differences: ['block_challenged_by_other_seat'],
      note: 'turn at event 0: block_challenged_by_other_seat',
    });
  });

  it('reports coins no rules give, and a next player ours would not choose, as disagreements', () => {
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
      differences: [],
    });
    expect(replayCheck(after(5, 2))).toMatchObject({
      note: 'turn at event 0: seat 1 plays next here, seat 2 in the archive',
    });
  });

  /** A 2-player game: the given turns, then the other seat leaves and the game is over. */
  const two = (
    turns: DecodedGame['events'],
    last: DecodedGame['events'][number] & { type: 'START_OF_TURN' },
  ) => {
    const [a, b] = last.playerStates;
    const leaver = last.whoseTurn === 0 ? 1 : 0;
    const gone = (s: typeof a) => ({ ...s!, influence: s!.influence.map((c) => ({ ...c, revealed: true })) });
    return {
      ...game([
        ...turns,
        last,
        { type: 'PLAYER_LEFT', player: leaver },
        { type: 'GAME_OVER', playerStates: leaver === 0 ? [gone(a), b!] : [a!, gone(b)] },
      ]),
      playerCount: 2,
      playerIds: ['a', 'b'],
    };
  };

  it.each<[string, () => DecodedGame, string[]]>([
    [
      'a refunded assassination (their server since mid-2017)',
      () =>
        two(
          [
            {
              type: 'START_OF_TURN',
              whoseTurn: 0,
              playerStates: [hand(3, 'duke', 'contessa'), hand(2, 'captain', 'assassin')],
            },
            { type: 'ACTION', action: 'assassinate', target: 1 },
            { type: 'CHALLENGE_SUCCESS', challenger: 1, challenged: 0 },
          ],
          {
            type: 'START_OF_TURN',
            whoseTurn: 1,
            playerStates: [hand(3, 'duke', 'contessa', [false, true]), hand(2, 'captain', 'assassin')],
          },
        ),
      ['assassination_refund'],
    ],
    [
      'the first player of a 2-player game starting with 1 coin (since late 2017)',
      () =>
        two(
          [
            {
              type: 'START_OF_TURN',
              whoseTurn: 1,
              playerStates: [hand(2, 'duke', 'contessa'), hand(1, 'captain', 'assassin')],
            },
            { type: 'ACTION', action: 'income' },
          ],
          {
            type: 'START_OF_TURN',
            whoseTurn: 0,
            playerStates: [hand(2, 'duke', 'contessa'), hand(2, 'captain', 'assassin')],
          },
        ),
      ['two_player_first_coin'],
    ],
  ])('names %s', (_, make, differences) => {
    expect(replayCheck(make())).toMatchObject({ status: 'rules_differ', differences });
  });

  it('names the action resolved after the game is won (the winner keeps the tax)', () => {
    const g = {
      ...game([
        {
          type: 'START_OF_TURN',
          whoseTurn: 0,
          playerStates: [hand(2, 'duke', 'captain'), hand(2, 'contessa', 'assassin', [true, false])],
        },
        { type: 'ACTION', action: 'tax' },
        { type: 'CHALLENGE_FAIL', challenger: 1, challenged: 0 },
        {
          type: 'GAME_OVER',
          playerStates: [hand(5, 'captain', 'captain'), hand(2, 'contessa', 'assassin', [true, true])],
        },
      ]),
      playerCount: 2,
    };
    expect(replayCheck(g)).toEqual({
      status: 'rules_differ',
      differences: ['action_after_game_over'],
      note: 'turn at event 0: action_after_game_over',
    });
  });

  it('names a steal that takes the coins of a target eliminated in the same turn', () => {
    const p2 = hand(2, 'duke', 'duke');
    const g = game([
      {
        type: 'START_OF_TURN',
        whoseTurn: 0,
        playerStates: [hand(2, 'captain', 'duke'), hand(3, 'contessa', 'assassin', [true, false]), p2],
      },
      { type: 'ACTION', action: 'steal', target: 1 },
      { type: 'CHALLENGE_FAIL', challenger: 1, challenged: 0 },
      {
        type: 'START_OF_TURN',
        whoseTurn: 2,
        playerStates: [hand(4, 'contessa', 'duke'), hand(1, 'contessa', 'assassin', [true, true]), p2],
      },
      { type: 'PLAYER_LEFT', player: 0 },
      {
        type: 'GAME_OVER',
        playerStates: [
          hand(4, 'contessa', 'duke', [true, true]),
          hand(1, 'contessa', 'assassin', [true, true]),
          p2,
        ],
      },
    ]);
    expect(replayCheck(g)).toMatchObject({ status: 'rules_differ', differences: ['steal_from_eliminated'] });
  });

  it('names a turn their server ended when the seat owing a card left (the tax is never paid)', () => {
    const p2 = hand(2, 'captain', 'captain');
    const g = game([
      {
        type: 'START_OF_TURN',
        whoseTurn: 0,
        playerStates: [hand(2, 'duke', 'captain'), hand(2, 'contessa', 'assassin'), p2],
      },
      { type: 'ACTION', action: 'tax' },
      { type: 'CHALLENGE_FAIL', challenger: 1, challenged: 0 },
      { type: 'PLAYER_LEFT', player: 1 },
      {
        type: 'START_OF_TURN',
        whoseTurn: 2,
        playerStates: [hand(2, 'duke', 'captain'), hand(2, 'contessa', 'assassin', [true, true]), p2],
      },
      { type: 'PLAYER_LEFT', player: 0 },
      {
        type: 'GAME_OVER',
        playerStates: [
          hand(2, 'duke', 'captain', [true, true]),
          hand(2, 'contessa', 'assassin', [true, true]),
          p2,
        ],
      },
    ]);
    expect(replayCheck(g)).toMatchObject({ status: 'rules_differ', differences: ['leaver_ends_turn'] });
  });

  it('agrees with a turn that had no action (the seat to move left) and with a blocker the record does not name', () => {
    const left = game([
      { type: 'START_OF_TURN', whoseTurn: 0, playerStates: start },
      { type: 'PLAYER_LEFT', player: 0 },
      {
        type: 'START_OF_TURN',
        whoseTurn: 1,
        playerStates: [hand(2, 'captain', 'captain', [true, true]), start[1]!, start[2]!],
      },
      { type: 'ACTION', action: 'foreign-aid' },
      { type: 'BLOCK', blockingPlayer: -1, blockingRole: 'duke' },
      {
        type: 'START_OF_TURN',
        whoseTurn: 2,
        playerStates: [hand(2, 'captain', 'captain', [true, true]), start[1]!, start[2]!],
      },
      { type: 'PLAYER_LEFT', player: 1 },
      {
        type: 'GAME_OVER',
        playerStates: [
          hand(2, 'captain', 'captain', [true, true]),
          hand(2, 'duke', 'contessa', [true, true]),
          start[2]!,
        ],
      },
    ]);
    expect(replayCheck(left)).toEqual({ status: 'agreed' });
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
