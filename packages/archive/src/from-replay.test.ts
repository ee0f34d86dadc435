import { describe, expect, it } from 'vitest';
import { checkGame } from './check';
import { fromReplay } from './from-replay';
import { replayCheck } from './replay-check';
import { fromCompactGame } from './unpack';
import { playBotMatches } from './testing';

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

  it('refuses a replay that does not re-run, without throwing', async () => {
    const [replay] = await playBotMatches(1, 'broken');
    expect(fromReplay({ ...replay!, engineVersion: '9.9.9' })).toMatchObject({ ok: false });
    expect(fromReplay({ ...replay!, steps: replay!.steps.slice(0, 3) })).toMatchObject({
      ok: false,
      error: 'the match is not over',
    });
  });
});
