import { parsePeopleModel } from '@coup/bots';
import { describe, expect, it } from 'vitest';
import { newBaselineAccumulator } from '../baselines';
import type { BehaviourBaseline } from '@coup/archive-format';
import { botDataset, compareWithBaseline, playPeopleMatches, randomGame } from '../testing';
import type { Nearness } from '../testing';
import { fitPeopleModel } from './fit';

// `people` reproduces the human baselines of a generated dataset, within a stated tolerance: the dataset
// is 300 matches of the heuristic bot written as archive games (its seats standing for people: its habits
// depend on its cards and the table, so a model that ignores them shows); the model is fitted on it, then
// plays 240 matches with the runner against heuristic, honest and random bots, and its figures (the
// profiles' counters) are compared with the dataset's. A model fitted on other people (random games)
// misses by more than the tolerance: the tolerance tells them apart.
//
// The tolerance (absolute differences), from the spread measured over several seeds (docs/DESIGN.md):
export const TOLERANCE = {
  /** Each action's share of the turns. */
  actionShare: 0.05,
  bluffRate: 0.04,
  /** A role's bluff rate, for roles with 200 claims or more on each side. */
  roleBluffRate: 0.15,
  challengeRate: 0.015,
  /** With 50 resolved challenges or more on each side. */
  challengeSuccess: 0.15,
  /**
   * Looser: a block rate mixes rates of ~0.98 (steal, assassination: the target blocks) and ~0.05 (foreign
   * aid: anyone may) and, within an action, rates that depend on the cards held: it follows what the
   * opponents do and deal as much as the bot. Situation by situation, the bot's rates land within 0.05.
   */
  blockRate: 0.2,
} as const;

/** The figures outside the tolerance. */
function outside(rows: readonly Nearness[]): Nearness[] {
  return rows.filter((r) => {
    if (r.diff === null) return false;
    const [name, part] = r.figure.split('.');
    if (name === 'actionMix') return r.diff > TOLERANCE.actionShare;
    if (name === 'bluffRate' && part) {
      if (r.botBasis < 200 || r.peopleBasis < 200) return false;
      return r.diff > TOLERANCE.roleBluffRate;
    }
    if (name === 'challengeSuccess' && (r.botBasis < 50 || r.peopleBasis < 50)) return false;
    return r.diff > TOLERANCE[name as 'bluffRate' | 'challengeRate' | 'challengeSuccess' | 'blockRate'];
  });
}

describe('people reproduces the human baselines of a generated dataset', async () => {
  const games = await botDataset({ games: 300, seed: 'nearness', kinds: ['heuristic'] });
  const acc = newBaselineAccumulator();
  for (const g of games) acc.add(g);
  const people: BehaviourBaseline = acc.result().byGameType.original.humans;

  it('lands within the tolerance on the action mix, bluff rates, challenge and block rates', async () => {
    const file = fitPeopleModel(games);
    const model = parsePeopleModel(file);
    const figures = await playPeopleMatches({ model, matches: 240, seed: 'nearness' });
    const rows = compareWithBaseline(figures, people);
    expect(figures.actions).toBeGreaterThan(2500);
    // Every figure was measured on both sides, and the roles most claimed are compared.
    expect(rows.filter((r) => r.diff === null)).toEqual([]);
    expect(
      rows.filter((r) => r.figure.startsWith('bluffRate.') && r.botBasis >= 200).length,
    ).toBeGreaterThanOrEqual(4);
    expect(outside(rows)).toEqual([]);
    // Block rates by situation (the action, and the roles that may block it in hand), where both sides
    // have 100 chances or more: the model's block table at level 2 against the bot's own decisions.
    let compared = 0;
    for (const [key, ...counts] of file.games.original?.block.levels[2] ?? []) {
      const n = counts.reduce((a, b) => a + b, 0);
      const mine = figures.blocksBySituation[key];
      if (!mine || mine.chances < 100 || n < 100) continue;
      expect(Math.abs(mine.blocks / mine.chances - (1 - (counts[0] as number) / n)), key).toBeLessThan(0.05);
      compared++;
    }
    expect(compared).toBeGreaterThanOrEqual(3);
  }, 180_000);

  it('a model fitted on other people does not', async () => {
    const others = Array.from({ length: 800 }, (_, i) => randomGame(i + 1, { playerCount: 2 + (i % 5) }));
    const model = parsePeopleModel(fitPeopleModel(others));
    const figures = await playPeopleMatches({ model, matches: 120, seed: 'nearness-control' });
    const missed = outside(compareWithBaseline(figures, people)).map((r) => r.figure);
    expect(missed).toEqual(expect.arrayContaining(['actionMix.tax', 'bluffRate']));
    expect(missed.length).toBeGreaterThanOrEqual(4);
  }, 180_000);
});
