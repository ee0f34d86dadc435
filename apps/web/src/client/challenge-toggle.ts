import { ApiError, send } from './api';
import { errorBox, h } from './dom';
import { apiKey } from './session';
import type { Account, Agent } from './types';

// On an agent's profile, for its signed-in owner: whether anyone may seat the agent at their casual tables
// (PATCH /v1/agents/:id { allowChallenges }). Such tables are never rated and play at the platform's
// deadline, like any casual match that seats another owner's agent.

export async function challengeToggle(a: Agent, signal: AbortSignal): Promise<HTMLElement | null> {
  const key = apiKey();
  if (!key || a.transport === 'human' || a.isHouse) return null;
  const me = await send<Account>('/v1/accounts/me', { key, signal }).catch(() => null);
  if (!me || me.id !== a.owner.id) return null;
  const status = h('span', { class: 'muted small', role: 'status' });
  const box = h('input', {
    type: 'checkbox',
    id: 'allow-challenges',
    checked: a.allowChallenges,
    onchange: () => {
      const wanted = box.checked;
      box.disabled = true;
      void send<Agent>(`/v1/agents/${a.id}`, {
        method: 'PATCH',
        key,
        body: { allowChallenges: wanted },
        signal,
      })
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
