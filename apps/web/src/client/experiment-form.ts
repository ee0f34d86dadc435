import { ExperimentCreate, MAX_EXPERIMENT_PROMPTS } from '@coup/api-contract/forms';
import { h } from './dom';
import type { Child } from './dom';
import { check } from './forms/check';
import { field, FormProblems, groupField } from './forms/fields';
import type { Field } from './forms/fields';
import { experimentCalls } from './owner-calls';
import type { OpponentPicker } from './opponent-picker';
import { rulesetChoice } from './ruleset-choice';
import type { Experiment, ExperimentCreateInput, ModelList } from './types';

// A prompt experiment from the browser (POST /v1/experiments): a model, 2 to 6 strategy prompts each with a
// label (the first is the baseline the others are compared with), the ruleset, the opponents, how many deals, and
// optionally a seed to replay a whole experiment. Checked with the API's own schema before it is sent.

interface PromptRow {
  label: Field<HTMLInputElement>;
  prompt: Field<HTMLTextAreaElement>;
  el: HTMLElement;
}

export function experimentForm(
  key: string,
  models: ModelList,
  picker: OpponentPicker,
  signal: AbortSignal,
  onCreated: (e: Experiment) => void,
): HTMLElement {
  const name = field(
    'name',
    'Name',
    h('input', { name: 'name', maxlength: 80, value: '' }),
    'Shown in lists.',
  );
  const model = field(
    'modelName',
    'Model',
    h(
      'select',
      { name: 'modelName' },
      models.items.map((m) => h('option', { value: m.name }, m.name)),
    ),
    'Every prompt is played by this model: what differs between the matches is the prompt alone.',
  );
  const deals = field(
    'deals',
    'Deals',
    h('input', { name: 'deals', type: 'number', min: 1, step: 1, value: 20, inputmode: 'numeric' }),
    'Each deal is played once per prompt, on the same cards.',
  );
  const seed = field(
    'seed',
    'Seed (optional)',
    h('input', { name: 'seed', maxlength: 200, autocomplete: 'off' }),
    'Deal d is dealt from "<seed>:<d>": give the seed of an earlier experiment to replay its deals.',
  );
  // Only the opponents that play the chosen ruleset can be ticked (the API would refuse the others).
  const ruleset = rulesetChoice(picker, { id: 'experiment-ruleset' });
  const opponents = groupField(
    'opponents',
    'Opponents (1 to 5: the same ones in the same seats for every prompt)',
    picker.el,
  );
  const rows: PromptRow[] = [];
  const list = h('ol', { class: 'prompt-rows' });
  const addButton = h('button', { type: 'button', class: 'button' }, 'Add a prompt');
  const size = h('p', { class: 'muted small', role: 'status' });

  const fields = (): Field<HTMLElement>[] => [
    name,
    model,
    ...rows.flatMap((r) => [r.label, r.prompt]),
    ruleset.field,
    opponents,
    deals,
    seed,
  ];
  const problems = new FormProblems(fields);

  /** Rows are renamed after a removal: field names follow the body's indices (strategyPrompts.1). */
  const renumber = () => {
    rows.forEach((r, i) => {
      r.label.name = `labels.${i}`;
      r.prompt.name = `strategyPrompts.${i}`;
      const title = r.el.querySelector('.prompt-title');
      if (title) title.textContent = i === 0 ? 'Prompt 1 (the baseline)' : `Prompt ${i + 1}`;
      const remove = r.el.querySelector<HTMLButtonElement>('button.remove');
      if (remove) remove.hidden = rows.length <= 2;
    });
    addButton.disabled = rows.length >= MAX_EXPERIMENT_PROMPTS;
    updateSize();
  };
  const addRow = (label = '', text = '') => {
    const row: PromptRow = {
      label: field('labels', 'Label', h('input', { maxlength: 40, value: label, class: 'prompt-label' })),
      prompt: field(
        'strategyPrompts',
        'Strategy prompt',
        h('textarea', { rows: 3, maxlength: 4000, class: 'prompt-text' }, text),
      ),
      el: h('li', { class: 'prompt-row' }),
    };
    const remove = h('button', { type: 'button', class: 'button remove' }, 'Remove');
    remove.addEventListener('click', () => {
      rows.splice(rows.indexOf(row), 1);
      row.el.remove();
      renumber();
    });
    row.el.append(h('h3', { class: 'prompt-title' }), row.label.el, row.prompt.el, remove);
    rows.push(row);
    list.append(row.el);
    renumber();
  };
  addButton.addEventListener('click', () => {
    addRow();
    rows[rows.length - 1]?.label.control.focus();
  });

  function body(): ExperimentCreateInput {
    const labels = rows.map((r) => r.label.control.value.trim());
    const text = seed.control.value.trim();
    const n = deals.control.value.trim();
    return {
      name: name.control.value.trim() || 'experiment',
      modelName: model.control.value,
      strategyPrompts: rows.map((r) => r.prompt.control.value.trim()),
      // Labels are optional as a whole: the unnamed ones get the API's default, "prompt <n>".
      ...(labels.some(Boolean) ? { labels: labels.map((l, i) => l || `prompt ${i + 1}`) } : {}),
      ruleset: ruleset.value(),
      opponents: picker.chosen(),
      deals: n === '' ? Number.NaN : Number(n),
      ...(text ? { seed: text } : {}),
    };
  }
  function updateSize(): void {
    const d = Number(deals.control.value);
    size.textContent =
      Number.isInteger(d) && d > 0 ? `${d} deals × ${rows.length} prompts = ${d * rows.length} matches.` : '';
  }
  deals.control.addEventListener('input', updateSize);
  addRow();
  addRow();

  const submit = h('button', { type: 'submit', class: 'button primary' }, 'Start the experiment');
  const form = h(
    'form',
    {
      class: 'owner-form experiment-form',
      novalidate: true,
      'aria-label': 'New prompt experiment',
      onsubmit: (ev: Event) => {
        ev.preventDefault();
        const checked = check(ExperimentCreate, body());
        if (!checked.ok) return problems.show(checked.problems, 'Not started:');
        submit.disabled = true;
        experimentCalls
          .create(key, body(), signal)
          .then(onCreated)
          .catch((err: unknown) =>
            problems.showError(err, 'Not started', {
              model_not_allowed: 'modelName',
              llm_not_configured: 'modelName',
              too_many_experiment_matches: 'deals',
              not_found: 'opponents',
              ruleset_not_accepted: 'opponents',
            }),
          )
          .finally(() => (submit.disabled = false));
      },
    },
    name.el,
    model.el,
    h('section', { class: 'prompts', 'aria-label': 'Prompts' }, list, addButton as Child),
    ruleset.field.el,
    opponents.el,
    deals.el,
    size,
    seed.el,
    submit,
    problems.summary,
  );
  return form;
}
