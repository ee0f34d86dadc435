import { describe, expect, it } from 'vitest';
import { gameTimeline, gameTimelineOf, decodedGame } from '@coup/archive-format';
import { packEvents } from './pack';
import { gameBuilder, randomGame } from './testing';
import { unpackEvents } from './unpack';

describe('game timeline', () => {
  it('groups events by turn with claims, bluffs, challenges, blocks and outcomes', () => {
    const g = gameBuilder([
      { id: 'a', cards: ['duke', 'captain'] },
      { id: 'b', cards: ['contessa', 'assassin'] },
      { id: 'c', cards: ['ambassador', 'duke'] },
    ])
      .turn(0, 'tax')
      .turn(1, 'steal', { target: 0, challenge: { by: 0, success: true } })
      .turn(2, 'foreign-aid', { leaves: 1, block: { by: 0, role: 'duke', challenge: { success: false } } })
      .turn(0, 'steal', { target: 2, block: { by: 2, role: 'ambassador' } })
      .end(0);
    const tl = gameTimelineOf(g.events, 'original');
    expect(gameTimeline.parse(tl)).toEqual(tl);
    expect(tl.turns.map((t) => t.outcome)).toEqual(['resolved', 'cancelled', 'blocked', 'blocked']);
    expect(tl.turns[0]!.action).toEqual({ action: 'tax', target: null, claim: 'duke', bluff: false });
    expect(tl.turns[1]!.action).toMatchObject({ claim: 'captain', bluff: true });
    expect(tl.turns[1]!.actionChallenge).toEqual({ challenger: 0, success: true });
    expect(tl.turns[2]!.left).toEqual([1]);
    expect(tl.turns[2]!.block).toEqual({ player: 0, role: 'duke', bluff: false });
    expect(tl.turns[2]!.blockChallenge).toEqual({ challenger: 2, success: false });
    expect(tl.turns[3]!.states[0]!.cash).toBe(5);
    expect(tl.final).toHaveLength(3);
  });
});

describe('random games', () => {
  it('are valid decoded games that pack and unpack', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const g = decodedGame.parse(randomGame(seed, { gameType: seed % 3 ? 'original' : 'inquisitors' }));
      expect(unpackEvents(packEvents(g.events), g.playerCount, g.gameType)).toEqual({
        ok: true,
        events: g.events,
      });
      const tl = gameTimelineOf(g.events, g.gameType);
      expect(tl.final).not.toBeNull();
    }
  });
});
