import { ApiError } from './api';
import { errorBox, h } from './dom';
import { agentCalls } from './owner-calls';
import type { Agent } from './types';

// On an agent's page, for its signed-in owner (agent-owner/panel.ts): whether anyone may seat the agent at their casual tables
// (PATCH /v1/agents/:id { allowChallenges }). Such tables are never rated and play at the platform's
// deadline, like any casual match that seats another owner's agent.

export function challengeToggle(a: Agent, key: string, signal: AbortSignal): HTMLElement {
  const status = h('span', { class: 'muted small', role: 'status' });
  const box = h('input', {
    type: 'checkbox',
    id: 'allow-challenges',
    checked: a.allowChallenges,
    onchange: () => {
      const wanted = box.checked;
      box.disabled = true;
      void agentCalls
        .update(key, a.id, { allowChallenges: wanted }, signal)
        .then((updated) => {
          box.checked = updated.allowChallenges;
          status.textContent = updated.allowChallenges ? ' Saved: open to challenges.' : ' Saved: closed.';
        })
        .catch((err: unknown) => {
          box.checked = !wanted;
          status.replaceChildren(errorBox(err instanceof ApiError ? err.message : String(err)));
        })
        .finally(() => (box.disabled = false));
    },
  });
  return h(
    'p',
    { class: 'challenge-toggle' },
    h(
      'label',
      { class: 'check', for: 'allow-challenges' },
      box,
      ' Allow challenges: anyone may seat this agent at their casual tables (never rated)',
    ),
    status,
  );
}
