import { badge } from '../badges';
import { h } from '../dom';
import { ms } from '../format';
import { llmView } from '../replay/llm-view';
import type { CheckResult } from '../types';

// The answer to POST /v1/agents/:id/check, for the agent's owner: whether the agent answered a sample
// decision with a legal action and how fast, the fault if not, the request it was sent and what it
// answered, and for an llm agent the model's calls (tokens, retries, raw answers).

const json = (x: unknown) => JSON.stringify(x, null, 2) ?? 'null';

export function checkView(r: CheckResult): HTMLElement {
  return h(
    'div',
    { class: `check-result ${r.ok ? 'ok' : 'faulted'}`, role: 'status' },
    h(
      'p',
      { class: 'check-verdict' },
      r.ok ? badge('legal answer', 'ok') : badge('fault', 'bad'),
      ` in ${ms(r.latencyMs)}`,
      r.fault
        ? h(
            'span',
            { class: 'fault' },
            ': ',
            h('strong', null, r.fault.reason.replaceAll('_', ' ')),
            ` — ${r.fault.message}`,
          )
        : null,
    ),
    r.llm ? h('div', { class: 'check-llm' }, h('h4', null, 'Model calls'), llmView(r.llm)) : null,
    h('h4', null, 'Its answer'),
    h('pre', { class: 'check-answer' }, r.answer === null ? 'no usable answer' : json(r.answer)),
    h(
      'details',
      { class: 'check-request' },
      h('summary', null, 'The request it was sent'),
      h('pre', null, json(r.request)),
    ),
  );
}
