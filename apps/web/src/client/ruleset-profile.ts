import { DEFAULT_RULESET, RULESET_IDS, RULESETS } from '@coup/engine';
import type { RulesetId } from '@coup/engine';
import { roleName } from '@coup/protocol/describe';
import { behaviourFigures, stat } from './behaviour-figures';
import { h } from './dom';
import { fmt, pct } from './format';
import { rulesetName } from './rulesets';
import type { Agent } from './types';

// An agent's figures in the rulesets other than `original`, each its own ladder: a rating and a bluff rate
// of the Inquisitor game are not those of the original game, so they are shown apart, never summed (the
// profile's `ratings` and `statsByRuleset`). The original game's figures are the page's main sections.

type RulesetStats = NonNullable<NonNullable<Agent['statsByRuleset']>[RulesetId]>;

/** One section per other ruleset the agent has a rating or ranked matches in (none: an empty list). */
export function otherRulesetSections(a: Agent): HTMLElement[] {
  return RULESET_IDS.filter((r) => r !== DEFAULT_RULESET).flatMap((r) => {
    const rating = a.ratings?.[r];
    const stats = a.statsByRuleset?.[r];
    if (!rating && !(stats && stats.matches > 0)) return [];
    const id = `h-ruleset-${r}`;
    return [
      h(
        'section',
        { 'aria-labelledby': id, class: 'ruleset-figures', 'data-ruleset': r },
        h('h2', { id }, `In the ${rulesetName(r)} game`),
        rating
          ? h(
              'dl',
              { class: 'stats' },
              stat('Rating', fmt(rating.rating), `Glicko-2 rating in the ${rulesetName(r)} ladder`),
              stat('RD', fmt(rating.rd), 'Rating deviation: the uncertainty of the rating'),
              stat('Games', String(rating.games)),
              stat('Wins', String(rating.wins)),
            )
          : null,
        stats && stats.matches > 0 ? behaviour(r, stats) : null,
      ),
    ];
  });
}

function behaviour(r: RulesetId, s: RulesetStats): HTMLElement {
  // The ruleset's own roles, in its order: an inquisitor's bluff rate where the original game has none.
  const roles = RULESETS[r].roles.filter((role) => s.bluffRateByRole[role] != null);
  return h(
    'div',
    null,
    behaviourFigures(
      s,
      s.interrogations !== undefined
        ? stat('Interrogations', String(s.interrogations), 'Interrogations it declared')
        : null,
      s.forceExchangeRate !== undefined
        ? stat(
            'Forced exchanges',
            pct(s.forceExchangeRate),
            'Interrogations that stood where it forced the shown card back into the deck',
          )
        : null,
    ),
    roles.length > 0
      ? h(
          'p',
          { class: 'bluff-by-role' },
          'Bluff rate by role: ',
          roles.map((role) => `${roleName(role)} ${pct(s.bluffRateByRole[role] ?? null)}`).join(', '),
          '.',
        )
      : null,
    h(
      'p',
      { class: 'muted small' },
      `From ${s.decisions} decisions in ${s.matches} finished ranked ${rulesetName(r)} matches.`,
    ),
  );
}
