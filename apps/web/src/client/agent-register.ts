import { AgentCreate, TRANSPORTS } from '@coup/api-contract/forms';
import { DEFAULT_TRANSPORT, secretUse, transportOf } from '@coup/transports';
import { fill, h, link } from './dom';
import { check } from './forms/check';
import { field, FormProblems } from './forms/fields';
import type { Field } from './forms/fields';
import { agentCalls } from './owner-calls';
import { secretBox } from './secret-box';
import type { AgentCreated, AgentCreateInput, ModelList } from './types';

// Registering an agent (POST /v1/agents) on My agents: a name and how the platform reaches it: `http` (the
// platform calls its endpoint), `ws` (it connects to the platform), or `llm` (the platform plays one of
// the operator's models, GET /v1/models, with the strategy prompt). The secret of an http or ws agent is
// shown once, with a copy button; an llm agent has none to keep.

type Transport = (typeof TRANSPORTS)[number];

const priceOf = (m: ModelList['items'][number], currency: string) =>
  m.promptPricePerMTok === null && m.completionPricePerMTok === null
    ? ''
    : ` (${m.promptPricePerMTok ?? 0} in / ${m.completionPricePerMTok ?? 0} out, ${currency} per million tokens)`;

export const socketUrl = () => `${location.origin.replace(/^http/, 'ws')}/v1/agents/connect`;

/** What to do with a new agent's secret, by transport; null for llm (nothing to keep). */
function secretNote(created: AgentCreated): HTMLElement | null {
  const a = created.agent;
  if (secretUse(a) === 'none') return null;
  const how =
    secretUse(a) === 'connects'
      ? [
          'Your agent connects with it: ',
          h('code', null, `createAgent({ decide }).connect('${socketUrl()}', secret)`),
          ' (@coup/sdk), or any WebSocket client sending ',
          h('code', null, 'Authorization: Bearer <secret>'),
          '.',
        ]
      : [
          'Every request the platform sends your agent is signed with it (X-Coup-Signature): give it to ',
          h('code', null, 'createAgent({ secret, decide })'),
          ' (@coup/sdk) or ',
          h('code', null, 'COUP_AGENT_SECRET'),
          ' so your agent refuses requests that are not the platform’s.',
        ];
  return secretBox({
    label: 'Agent secret',
    secret: created.secret,
    className: 'agent-secret',
    note: ['Keep it: it is shown only this once (rotate it on the agent’s page if lost). ', ...how],
  });
}

function registered(created: AgentCreated): HTMLElement {
  const a = created.agent;
  return h(
    'div',
    { class: 'note registered', role: 'status' },
    h('p', null, 'Registered ', link(`/agents/${a.id}`, h('strong', null, a.name)), ` (${a.transport}).`),
    secretNote(created) ??
      h(
        'p',
        { class: 'small' },
        `The platform plays it with ${a.modelName ?? 'its model'}: there is no secret to keep.`,
      ),
    h(
      'p',
      { class: 'small' },
      'Next, on ',
      link(`/agents/${a.id}`, 'its page'),
      ': send it a sample decision (Check), then join the ranked queue.',
    ),
  );
}

export function registerForm(
  key: string,
  models: ModelList,
  signal: AbortSignal,
  onRegistered: (created: AgentCreated) => void,
): HTMLElement {
  const name = field('name', 'Name', h('input', { name: 'name', maxlength: 40, autocomplete: 'off' }));
  const endpoint = field(
    'endpointUrl',
    'Endpoint URL',
    h('input', { name: 'endpointUrl', type: 'url', placeholder: 'https://my-agent.example.com' }),
    'The base URL: the platform POSTs /decide (and /start, /end) under it.',
  );
  const model = field(
    'modelName',
    'Model',
    h(
      'select',
      { name: 'modelName' },
      models.items.map((m) => h('option', { value: m.name }, `${m.name}${priceOf(m, models.currency)}`)),
    ),
    `One of the operator’s models (GET /v1/models); llm seats get ${models.timeoutMs / 1000} s per decision.`,
  );
  const prompt = field(
    'strategyPrompt',
    'Strategy prompt',
    h('textarea', { name: 'strategyPrompt', rows: 4, maxlength: 4000 }),
    'Sent with every decision request; a hosted model gets it in its system message, with the rules.',
  );
  const challenges = h('input', { type: 'checkbox', name: 'allowChallenges' });
  const radios = TRANSPORTS.map((t) =>
    h('input', {
      type: 'radio',
      name: 'transport',
      value: t,
      checked: t === DEFAULT_TRANSPORT,
      disabled: transportOf(t).hostedModel !== null && !models.enabled,
    }),
  );
  const transport = () => (radios.find((r) => r.checked)?.value ?? DEFAULT_TRANSPORT) as Transport;
  const fields: Field[] = [name, endpoint, model, prompt];
  const problems = new FormProblems(() => fields);
  const out = h('div', { class: 'register-result' });

  const showFor = () => {
    const t = transport();
    endpoint.el.hidden = transportOf(t).endpoint.kind !== 'required';
    model.el.hidden = transportOf(t).hostedModel === null;
  };
  for (const r of radios) r.addEventListener('change', showFor);
  showFor();

  const body = (): AgentCreateInput => {
    const t = transport();
    const text = (prompt.control as HTMLTextAreaElement).value.trim();
    return {
      name: name.control.value.trim(),
      transport: t,
      // An empty URL is left out: the API then says an http agent needs one (not that '' is no URL).
      ...(transportOf(t).endpoint.kind === 'required' && endpoint.control.value.trim()
        ? { endpointUrl: endpoint.control.value.trim() }
        : {}),
      ...(transportOf(t).hostedModel ? { modelName: model.control.value } : {}),
      ...(text ? { strategyPrompt: text } : {}),
      ...(challenges.checked ? { allowChallenges: true } : {}),
    };
  };

  const form = h(
    'form',
    {
      class: 'owner-form register-form',
      novalidate: true,
      'aria-labelledby': 'h-register',
      onsubmit: (ev: Event) => {
        ev.preventDefault();
        fill(out);
        const checked = check(AgentCreate, body());
        if (!checked.ok) return problems.show(checked.problems, 'Not registered:');
        const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
        if (submit) submit.disabled = true;
        agentCalls
          .register(key, body(), signal)
          .then((created) => {
            problems.clear();
            form.reset();
            showFor();
            fill(out, registered(created));
            out.scrollIntoView({ block: 'nearest' });
            out.querySelector<HTMLElement>('.secret-box button, a')?.focus();
            onRegistered(created);
          })
          .catch((err: unknown) =>
            problems.showError(err, 'Not registered', {
              endpoint_not_allowed: 'endpointUrl',
              model_not_allowed: 'modelName',
              llm_not_configured: 'modelName',
            }),
          )
          .finally(() => submit && (submit.disabled = false));
      },
    },
    h('h2', { id: 'h-register' }, 'Register an agent'),
    name.el,
    h(
      'fieldset',
      { class: 'transport' },
      h('legend', null, 'How the platform reaches it'),
      radios.map((r, i) =>
        h('label', { class: 'check' }, r, ` ${transportOf(TRANSPORTS[i] as Transport).summary}`),
      ),
      models.enabled
        ? null
        : h('p', { class: 'muted small' }, 'This platform hosts no language models (no LLM_BASE_URL).'),
    ),
    endpoint.el,
    model.el,
    prompt.el,
    h(
      'label',
      { class: 'check' },
      challenges,
      ' Allow challenges: anyone may seat it at their casual tables (never rated)',
    ),
    h('button', { type: 'submit', class: 'button primary' }, 'Register agent'),
    problems.summary,
  );
  // The outcome (and a secret to copy) above the form, where the list of agents it joined ends.
  return h('div', { class: 'register' }, out, form);
}
