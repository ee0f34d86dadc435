import type { RulesetId } from '@coup/engine';
import { h } from './dom';
import { field } from './forms/fields';
import type { Field } from './forms/fields';
import type { OpponentPicker } from './opponent-picker';
import { RULESET_CHOICES, rulesetName, rulesetOrDefault, rulesetSummary } from './rulesets';

// The ruleset a new match is played by, chosen in a form that also picks opponents (a table at /play, a
// prompt experiment): a select over the engine's rulesets with the chosen one's summary as its hint, and
// the picker kept to the agents that play it (an agent is only ever seated in a match of a ruleset it plays).

export interface RulesetChoice {
  field: Field<HTMLSelectElement>;
  /** The chosen ruleset. */
  value(): RulesetId;
}

export function rulesetChoice(
  picker: OpponentPicker,
  o: { initial?: RulesetId; id?: string; onChange?: (r: RulesetId) => void } = {},
): RulesetChoice {
  const initial = o.initial ?? rulesetOrDefault(null);
  const select = h(
    'select',
    { name: 'ruleset', ...(o.id ? { id: o.id } : {}) },
    RULESET_CHOICES.map((r) => h('option', { value: r, selected: r === initial }, rulesetName(r))),
  );
  const hint = h('span', null, rulesetSummary(initial));
  const f = field('ruleset', 'Ruleset', select, hint);
  const value = () => rulesetOrDefault(select.value);
  picker.only(initial);
  select.addEventListener('change', () => {
    const r = value();
    hint.textContent = rulesetSummary(r);
    picker.only(r);
    o.onChange?.(r);
  });
  return { field: f, value };
}
