import { describe, expect, it } from 'vitest';
import { checkGame } from './check';
import { fromReplay } from './from-replay';
import { replayCheck } from './replay-check';
import { fromCompactGame } from './unpack';
import { readGame } from './import/read-game';
import { pick, playBotMatches, scriptedMatch } from './testing';

describe('fromReplay', () => {
  it('exports our matches as valid archive games, packed and decoded alike', async () => {
    // Seed 'notes': among its 40 matches, two seats forfeit on their own turn before declaring.
    const replays = await playBotMatches(40, 'notes');
    let forfeits = 0;
    const notes: string[] = [];
    for (const replay of replays) {
      const r = fromReplay(replay);
      if (!r.ok) throw new Error(r.error);
      const { decoded, compact } = r.game;
      expect(checkGame(decoded), `${replay.matchId}: ${JSON.stringify(checkGame(decoded))}`).toEqual({
        ok: true,
      });
      expect(fromCompactGame(compact)).toEqual({ ok: true, game: decoded });
      expect(decoded.winner).toBe(replay.ranking[0]![0]);
      expect(decoded.events.filter((e) => e.type === 'ACTION').length).toBe(
        replay.events.filter((e) => e.type === 'declared').length,
      );
      forfeits += decoded.events.filter((e) => e.type === 'PLAYER_LEFT').length;
      notes.push(...r.game.notes);
      expect(replayCheck(decoded), replay.matchId).toEqual({ status: 'agreed' });
    }
    expect(forfeits).toBeGreaterThan(0);
    // Turns that ended before their action are left out, and the records still check and re-play.
    expect(notes.filter((n) => n.includes('ended before its action'))).toHaveLength(2);
  }, 120_000);

  it("orders seats out in the same turn as the archive's decoder does: by seat", async () => {
    // Seat 0 coups seats 1 and 2 down to one card, then assassinates seat 1: seat 2 challenges and loses
    // its last card first, then the assassination takes seat 1's. Our ranking: 0, 1 (out last), 2; the
    // archive's decoder sees both out in one snapshot and orders them by seat: 0, 2, 1.
    const replay = await scriptedMatch(
      'mt_same_turn',
      {
        hands: [
          ['assassin', 'assassin'],
          ['duke', 'contessa'],
          ['captain', 'duke'],
        ],
        coins: [17, 2, 2],
        deck: [
          'duke',
          'captain',
          'captain',
          'assassin',
          'ambassador',
          'ambassador',
          'ambassador',
          'contessa',
          'contessa',
        ],
        firstSeat: 0,
      },
      [
        (req, legal) =>
          req.phase === 'action'
            ? (pick(legal, 'coup', req.state.players[1]!.faceDown > 1 ? 1 : 2) ??
              pick(legal, 'assassinate', 1))
            : undefined,
        (req, legal) => (req.phase === 'action' ? pick(legal, 'income') : pick(legal, 'pass')),
        (req, legal) =>
          req.phase === 'action'
            ? pick(legal, 'income')
            : req.phase === 'challenge_action'
              ? pick(legal, 'challenge')
              : pick(legal, 'pass'),
      ],
    );
    expect(replay.ranking).toEqual([[0], [1], [2]]);
    const r = fromReplay(replay);
    if (!r.ok) throw new Error(r.error);
    expect(r.game.decoded).toMatchObject({ winner: 0, playerRank: [0, 2, 1] });
    expect(checkGame(r.game.decoded)).toEqual({ ok: true });
  });

  it("writes a foreign-aid block nobody challenged so that a reader of the archive's rules gets its blocker", async () => {
    // Seat 1's foreign aid is blocked by seat 0 (seat 2 could have too); seat 2 then coups everyone out.
    const replay = await scriptedMatch(
      'mt_fa_block',
      {
        hands: [
          ['duke', 'duke'],
          ['captain', 'contessa'],
          ['assassin', 'ambassador'],
        ],
        coins: [2, 2, 28],
        deck: [
          'duke',
          'captain',
          'captain',
          'assassin',
          'assassin',
          'ambassador',
          'ambassador',
          'contessa',
          'contessa',
        ],
        firstSeat: 1,
      },
      [
        (req, legal) => (req.phase === 'block' ? pick(legal, 'block', 'duke') : undefined),
        (req, legal) => (req.phase === 'action' ? pick(legal, 'foreign_aid') : pick(legal, 'pass')),
        (req, legal) =>
          req.phase === 'action'
            ? (pick(legal, 'coup', req.state.players[1]!.faceDown > 0 ? 1 : 0) ?? pick(legal, 'income'))
            : pick(legal, 'pass'),
      ],
    );
    const r = fromReplay(replay);
    if (!r.ok) throw new Error(r.error);
    const { compact, decoded } = r.game;
    expect(decoded.events.find((e) => e.type === 'BLOCK')).toEqual({
      type: 'BLOCK',
      blockingPlayer: 0,
      blockingRole: 'duke',
    });
    // The BLOCK byte names seat 0 (0x50), and the game's date says the bytes name blockers.
    expect(compact.gameStarted).toBe(replay.startedAt);
    const read = readGame(compact);
    if (!read.ok) throw new Error(read.detail);
    expect(read.game.events.find((e) => e.type === 'BLOCK')).toEqual({
      type: 'BLOCK',
      blockingPlayer: 0,
      blockingRole: 'duke',
    });
    // Undated, the same bytes say nothing of who blocked (seat 0 then named every blocker): not credited.
    const { gameStarted, ...undated } = compact;
    void gameStarted;
    const blind = readGame(undated);
    expect(blind.ok && blind.game.events.find((e) => e.type === 'BLOCK')).toMatchObject({
      blockingPlayer: -1,
    });
  });

  it('refuses a replay that does not re-run, without throwing', async () => {
    const [replay] = await playBotMatches(1, 'broken');
    expect(fromReplay({ ...replay!, engineVersion: '9.9.9' })).toMatchObject({ ok: false });
    expect(fromReplay({ ...replay!, steps: replay!.steps.slice(0, 3) })).toMatchObject({
      ok: false,
      error: 'the match is not over',
    });
  });
});
