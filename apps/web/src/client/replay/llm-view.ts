import type { LlmDecision } from '@coup/protocol';
import { h } from '../dom';
import { fmt, ms } from '../format';

// A hosted llm agent's model calls for one decision, in the replay viewer: the model, tokens, retries and
// latency at a glance, and, folded, each call with the model's raw answer and what went wrong with it.
// Replays are published when the match ends, so this is shown to everyone then (never during the match).

function callLine(c: LlmDecision['calls'][number], i: number): HTMLElement {
  const tokens =
    c.promptTokens !== null || c.completionTokens !== null
      ? ` · ${fmt(c.promptTokens)} in / ${fmt(c.completionTokens)} out`
      : '';
  const head = `${i + 1}. ${c.kind.replaceAll('_', ' ')}: ${c.outcome.replaceAll('_', ' ')}${
    c.status !== null ? ` (HTTP ${c.status})` : ''
  } · ${ms(c.latencyMs)}${tokens}${c.jsonMode ? ' · JSON mode' : ''}`;
  return h(
    'li',
    { class: 'llm-call' },
    h('div', null, head),
    c.error ? h('div', { class: 'fault small' }, c.error) : null,
    c.raw !== null ? h('pre', { class: 'llm-raw' }, c.raw) : null,
  );
}

export function llmView(llm: LlmDecision): HTMLElement {
  const retries = llm.retries === 1 ? '1 retry' : `${llm.retries} retries`;
  return h(
    'details',
    { class: 'llm' },
    h(
      'summary',
      null,
      `${llm.model} · ${fmt(llm.promptTokens)} + ${fmt(llm.completionTokens)} tokens · ${retries} · ${ms(llm.latencyMs)}`,
    ),
    h('ol', { class: 'llm-calls' }, llm.calls.map(callLine)),
  );
}
