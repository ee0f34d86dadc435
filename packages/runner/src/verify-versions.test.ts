import { describe, expect, it } from 'vitest';
import { ENGINE_VERSION, createGame } from '@coup/engine';
import { replayForSeat, SeatReplay } from '@coup/protocol';
import type { Replay } from '@coup/protocol';
import { runMatch } from './run';
import { engine1Replays } from './testing/legacy';
import { randomAgent } from './testing/agents';
import { verifyReplay } from './verify';

// Replays are re-run by the engine version that recorded them: engine 2.0.0 changed the seeding, and
// replays recorded under 1.0.0 (committed fixtures, made before the change) must still verify.

const gameOf = (r: Replay) => ({ players: r.players.length, seed: r.seed, setup: r.setup });

describe('verifyReplay across engine versions', () => {
  it('verifies replays recorded by engine 1.0.0 (seeded and from a setup)', () => {
    const replays = engine1Replays();
    expect(replays.map((r) => r.engineVersion)).toEqual(['1.0.0', '1.0.0']);
    expect(replays.some((r) => r.setup !== undefined)).toBe(true);
    // The fixtures hold what the version-dependent code paths need: shuffles after a shown card and an
    // exchange, and a forfeit revealing two cards.
    const events = replays.flatMap((r) => r.events);
    expect(events.some((e) => e.type === 'card_shown')).toBe(true);
    expect(events.some((e) => e.type === 'exchange_returned')).toBe(true);
    expect(events.filter((e) => e.type === 'influence_lost' && e.reason === 'forfeit').length).toBe(2);
    for (const r of replays) expect(verifyReplay(r), r.matchId).toEqual({ ok: true });
  });

  it('re-runs a 1.0.0 replay as 1.0.0 only: relabelled 2.0.0, it no longer verifies', () => {
    for (const r of engine1Replays()) {
      r.engineVersion = '2.0.0';
      const out = verifyReplay(r);
      expect(out.ok, r.matchId).toBe(false);
    }
  });

  it('verifies replays of this engine, recorded as 2.0.0', async () => {
    const r = await runMatch({
      matchId: 'mt_v2',
      seed: 'v2',
      agents: [randomAgent('a', 1), randomAgent('b', 2), randomAgent('c', 3)],
    });
    expect(r.engineVersion).toBe(ENGINE_VERSION);
    expect(ENGINE_VERSION).toBe('2.0.0');
    expect(verifyReplay(r)).toEqual({ ok: true });
    r.engineVersion = '1.0.0';
    expect(verifyReplay(r).ok).toBe(false);
  });

  it('refuses an unknown engine version with a clear message', () => {
    const [r] = engine1Replays();
    r!.engineVersion = '3.1.4';
    expect(verifyReplay(r)).toEqual({
      ok: false,
      at: 'engineVersion',
      error: 'unknown engine version "3.1.4": this engine re-runs 1.0.0, 2.0.0',
    });
  });

  it('rebuilds per-seat replays of 1.0.0 replays, and refuses unknown versions', () => {
    for (const r of engine1Replays()) {
      for (let seat = 0; seat < r.players.length; seat++) {
        const mine = replayForSeat(r, seat);
        expect(SeatReplay.parse(mine)).toEqual(mine);
        expect(mine.engineVersion).toBe('1.0.0');
        const decisions = r.steps.filter((s) => s.kind === 'decision' && s.seat === seat);
        expect(mine.decisions).toHaveLength(decisions.length);
        // The seat's own cards in its first request are the 1.0.0 deal, as the match was played.
        const first = decisions[0];
        if (first?.kind === 'decision' && first.stateIndex === 0) {
          const deal = createGame({ ...gameOf(r), engineVersion: '1.0.0' });
          expect(mine.decisions[0]!.request.state.you?.cards).toEqual(deal.players[seat]!.cards);
        }
      }
    }
    const [r] = engine1Replays();
    r!.engineVersion = '0.0.1';
    expect(() => replayForSeat(r!, 0)).toThrow('unknown engine version "0.0.1"');
  });
});
