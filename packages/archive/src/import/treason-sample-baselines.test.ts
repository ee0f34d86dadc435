import { describe, expect, it } from 'vitest';
import { newBaselineAccumulator } from '../baselines';
import { readTreasonSample, readTreasonSampleMeta } from '../testing/treason-sample';
import { readGame } from './read-game';

// People's baselines are kept per ruleset (issue 20: "human baselines per ruleset"): on the games the
// treason server recorded (test-data/treason-sample, about 40% `inquisitors`), each game counts in its own
// game type only, so the Inquisitor game's claims never mix with the original game's.

describe('human baselines of the treason sample', () => {
  const meta = readTreasonSampleMeta();
  const b = newBaselineAccumulator();
  for (const raw of readTreasonSample('games.json.gz')) {
    if (raw === null) continue;
    const r = readGame(raw);
    if (r.ok) b.add(r.game);
  }
  const result = b.result();
  const { original, inquisitors } = result.byGameType;
  const byType = (t: string, kind?: (k: string) => boolean) =>
    [...meta.values()].filter((m) => m.gameType === t && (!kind || kind(m.kind))).length;

  it("count each game in its game type's figures, with its people", () => {
    expect(result.games).toBe(meta.size);
    expect(original.games).toBe(byType('original'));
    expect(inquisitors.games).toBe(byType('inquisitors'));
    expect(inquisitors.games).toBeGreaterThan(300);
    expect(original.gamesWithHumans).toBe(byType('original', (k) => k !== 'ai-only'));
    expect(inquisitors.gamesWithHumans).toBe(byType('inquisitors', (k) => k !== 'ai-only'));
  });

  it('keep the roles and actions of each ruleset apart', () => {
    for (const who of ['all', 'humans'] as const) {
      const o = original[who];
      const q = inquisitors[who];
      expect(o.roles.inquisitor.claims, who).toBe(0);
      expect(o.actionMix.interrogate.count, who).toBe(0);
      expect(q.roles.ambassador.claims, who).toBe(0);
      expect(q.roles.inquisitor.claims, who).toBeGreaterThan(0);
      expect(q.actionMix.interrogate.count, who).toBeGreaterThan(0);
      expect(o.roles.ambassador.claims, who).toBeGreaterThan(0);
      // Each game type's claims are its roles' claims.
      const sum = (t: typeof o) => Object.values(t.roles).reduce((n, r) => n + r.claims, 0);
      expect(sum(o), who).toBe(o.claims);
      expect(sum(q), who).toBe(q.claims);
    }
  });
});
