import { humanBaselines } from '@coup/archive';
import { RULESETS, isRulesetId } from '@coup/engine';
import type { RulesetId } from '@coup/engine';
import type { BaselinesRow } from '../repositories/datasets';

// People's figures for an agent's profile (GET /v1/agents/:id), beside the agent's own behaviour figures:
// from the most recent ready human dataset, people's decisions only (computer players left out), per game
// type (the archive's game types are our rulesets: a bluff rate of the Inquisitor game is compared with
// the agent's in that game only). Kept apart from profile.ts, which computes the agent's own figures.

type Baselines = NonNullable<ReturnType<typeof humanBaselines.safeParse>['data']>;

/** People's figures of one ruleset's games, or null when the dataset has no such game with people. */
function comparison(d: { id: string; name: string }, b: Baselines, ruleset: RulesetId) {
  const f = b.byGameType[ruleset].humans;
  if (f.games === 0) return null;
  return {
    datasetId: d.id,
    datasetName: d.name,
    gameType: ruleset,
    // The games with people: people's figures rest on those only.
    games: f.games,
    basis: {
      bluffRate: f.basis.bluffRate,
      challengeRate: f.basis.challengeRate,
      challengeSuccess: f.basis.challengeSuccess,
      blockRate: f.basis.blockRate,
    },
    bluffRate: f.bluffRate,
    challengeRate: f.challengeRate,
    challengeSuccess: f.challengeSuccess,
    blockRate: f.blockRate,
    bluffRateByRole: Object.fromEntries(RULESETS[ruleset].roles.map((r) => [r, f.roles[r].bluffRate])),
  };
}

/**
 * `original`: people's figures of the original game (the profile's `humanBaseline`, beside `stats`), or
 * null before any dataset is imported; `byRuleset`: each ruleset's with people in the same dataset.
 */
export function baselineFigures(d: BaselinesRow | null) {
  const parsed = humanBaselines.safeParse(d?.baselines);
  const byRuleset: Partial<Record<RulesetId, NonNullable<ReturnType<typeof comparison>>>> = {};
  if (!d || !parsed.success) return { original: null, byRuleset };
  for (const t of Object.keys(parsed.data.byGameType)) {
    const c = isRulesetId(t) ? comparison(d, parsed.data, t) : null;
    if (c) byRuleset[c.gameType] = c;
  }
  const o = byRuleset.original;
  return { original: o ? { ...o, gameType: 'original' as const } : null, byRuleset };
}
