import { DEFAULT_RULESET, isRulesetId, RULESET_IDS, RULESETS } from '@coup/engine';
import type { RulesetId } from '@coup/engine';
import { roleName } from '@coup/protocol/describe';
import { h } from './dom';

// The web UI's words for each ruleset. The ids, roles, deck and exchange size come from the engine's
// RULESETS; only the display name is written here, as a record over RulesetId so that a new ruleset does
// not compile until it has its label (DESIGN.md "Adding a ruleset").

const NAME: Record<RulesetId, string> = {
  original: 'Original',
  inquisitors: 'Inquisitors',
};

/** Every ruleset, in the engine's order (RULESET_IDS). */
export const RULESET_CHOICES: readonly RulesetId[] = RULESET_IDS;

/** The ruleset named by a query parameter or an API field; the default for anything else. */
export const rulesetOrDefault = (x: unknown): RulesetId => (isRulesetId(x) ? x : DEFAULT_RULESET);

/** "Inquisitors": a ruleset's display name (a record made before rulesets is `original`). */
export const rulesetName = (id: string | null | undefined): string =>
  NAME[rulesetOrDefault(id ?? DEFAULT_RULESET)];

/** One sentence on a ruleset's deck and what sets it apart, from its rules. */
export function rulesetSummary(id: RulesetId): string {
  const rules = RULESETS[id];
  const deck = `${rules.deck.length} cards, ${rules.copiesPerRole} each of ${rules.roles.map(roleName).join(', ')}`;
  const exchange = rules.action.exchange;
  const swap = exchange
    ? `; exchange claims ${roleName(exchange.claim)} and draws ${rules.exchangeDraw} card${rules.exchangeDraw === 1 ? '' : 's'}`
    : '';
  const n = rules.extraActions.length;
  const extra = n > 0 ? `; new action${n === 1 ? '' : 's'}: ${rules.extraActions.join(', ')}` : '';
  return `${NAME[id]}: ${deck}${swap}${extra}.`;
}

/** A badge naming the ruleset ("Inquisitors"); `data-ruleset` carries the id for styles and tests. */
export function rulesetBadge(id: string | null | undefined): HTMLElement {
  const r = rulesetOrDefault(id);
  return h(
    'span',
    { class: `badge ruleset ruleset-${r}`, 'data-ruleset': r, title: rulesetSummary(r) },
    rulesetName(r),
  );
}
