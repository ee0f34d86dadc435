import { AgentUpdate } from '@coup/api-contract/forms';
import { hasEndpoint, playsHostedModel } from '@coup/transports';
import { h } from '../dom';
import { check } from '../forms/check';
import { field, FormProblems } from '../forms/fields';
import type { Field } from '../forms/fields';
import { agentCalls } from '../owner-calls';
import type { Agent, AgentUpdateInput, ModelList } from '../types';

// On an agent's page, for its owner: the strategy prompt (sent with every decision; an llm agent's model
// gets it in its system message), and where the agent is: an http agent's endpoint, an llm agent's model.
// Only what changed is sent (PATCH /v1/agents/:id); an emptied prompt is removed.

export function settingsForm(
  key: string,
  own: Agent,
  models: ModelList,
  signal: AbortSignal,
  onSaved: (a: Agent) => void,
): HTMLElement {
  const prompt = field(
    'strategyPrompt',
    'Strategy prompt',
    h('textarea', { name: 'strategyPrompt', rows: 6, maxlength: 4000 }, own.strategyPrompt ?? ''),
    playsHostedModel(own)
      ? 'The model gets it in its system message, after the rules.'
      : 'Sent with every decision request (strategyPrompt); empty: none.',
  );
  const fields: Field[] = [prompt];
  let endpoint: Field | null = null;
  let model: Field | null = null;
  if (hasEndpoint(own)) {
    endpoint = field(
      'endpointUrl',
      'Endpoint URL',
      h('input', { name: 'endpointUrl', type: 'url', value: own.endpointUrl ?? '' }),
    );
    fields.push(endpoint);
  }
  if (playsHostedModel(own)) {
    const names = models.items.map((m) => m.name);
    if (own.modelName && !names.includes(own.modelName)) names.unshift(own.modelName);
    model = field(
      'modelName',
      'Model',
      h(
        'select',
        { name: 'modelName' },
        names.map((n) => h('option', { value: n, selected: n === own.modelName }, n)),
      ),
    );
    fields.push(model);
  }
  const problems = new FormProblems(() => fields);
  const saved = h('span', { class: 'muted small', role: 'status' });
  let current = own;

  const changes = (): AgentUpdateInput => {
    const text = prompt.control.value.trim();
    const body: AgentUpdateInput = {};
    if (text !== (current.strategyPrompt ?? '')) body.strategyPrompt = text || null;
    if (endpoint && endpoint.control.value.trim() !== (current.endpointUrl ?? ''))
      body.endpointUrl = endpoint.control.value.trim();
    if (model && model.control.value !== current.modelName) body.modelName = model.control.value;
    return body;
  };

  return h(
    'form',
    {
      class: 'owner-form settings-form',
      novalidate: true,
      'aria-labelledby': 'h-settings',
      onsubmit: (ev: Event) => {
        ev.preventDefault();
        saved.textContent = '';
        const body = changes();
        if (Object.keys(body).length === 0) {
          problems.clear();
          saved.textContent = ' Nothing changed.';
          return;
        }
        const checked = check(AgentUpdate, body);
        if (!checked.ok) return problems.show(checked.problems, 'Not saved:');
        agentCalls
          .update(key, own.id, body, signal)
          .then((a) => {
            current = a;
            problems.clear();
            saved.textContent = ' Saved.';
            onSaved(a);
          })
          .catch((err: unknown) =>
            problems.showError(err, 'Not saved', {
              endpoint_not_allowed: 'endpointUrl',
              model_not_allowed: 'modelName',
            }),
          );
      },
    },
    h('h3', { id: 'h-settings' }, 'Strategy prompt and settings'),
    fields.map((f) => f.el),
    h('p', null, h('button', { type: 'submit', class: 'button' }, 'Save'), saved),
    problems.summary,
  );
}
