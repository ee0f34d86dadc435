import { describe, expect, it } from 'vitest';
import { engine1Replays } from '@coup/runner/testing';
import { seatStats } from './seat-stats';

// Statistics re-run the match to tell bluffs from true claims: a replay must be re-run by the engine
// version that recorded it, or the hidden cards (and so the bluffs) would be another game's.

describe('seatStats', () => {
  it('re-runs replays recorded by engine 1.0.0 with their own seeding', () => {
    for (const r of engine1Replays()) {
      const stats = seatStats(r);
      const honest = r.players.findIndex((p) => p.name.startsWith('honest'));
      expect(honest, r.matchId).toBeGreaterThanOrEqual(0);
      // The honest bot never claims a role it does not hold: in the game as dealt by 1.0.0.
      expect(stats[honest]!.claims, r.matchId).toBeGreaterThan(0);
      expect(stats[honest]!.bluffs, r.matchId).toBe(0);
      // Per role: the claims add up to all claims, the bluffs to all bluffs (the honest bot's are none).
      for (const st of stats) {
        const sum = (m: Record<string, number | undefined> = {}) =>
          Object.values(m).reduce<number>((n, v) => n + (v ?? 0), 0);
        expect(sum(st.roleClaims)).toBe(st.claims);
        expect(sum(st.roleBluffs)).toBe(st.bluffs);
      }
      expect(Object.keys(stats[honest]!.roleBluffs ?? {})).toEqual([]);
      const applied = r.steps.filter((s) => s.kind === 'decision' && !s.unused && s.applied !== null);
      expect(stats.reduce((n, s) => n + s.decisions, 0)).toBe(applied.length);
    }
  });

  it('refuses a replay of an unknown engine version', () => {
    const [r] = engine1Replays();
    r!.engineVersion = '1.5.0';
    expect(() => seatStats(r!)).toThrow('unknown engine version "1.5.0": this engine re-runs 1.0.0, 2.0.0');
  });
});
