import { ApiError, send } from './api';
import { errorBox, h } from './dom';
import { apiKey } from './session';
import type { Account, Experiment } from './types';

// On a running experiment's page, for its signed-in owner: cancel it (DELETE /v1/experiments/:id). No more
// deals are played and its unfinished matches are aborted; the deals that completed keep their results. A
// second click confirms, so one stray click costs nothing.

export async function cancelControl(
  e: Experiment,
  signal: AbortSignal,
  onCancelled: () => void,
): Promise<HTMLElement | null> {
  const key = apiKey();
  if (!key || e.status !== 'running') return null;
  const me = await send<Account>('/v1/accounts/me', { key, signal }).catch(() => null);
  if (!me || me.id !== e.owner.id) return null;
  const status = h('span', { class: 'muted small', role: 'status' });
  const confirm = h('button', { type: 'button', class: 'danger', hidden: true }, 'Yes, cancel it');
  const keep = h('button', { type: 'button', hidden: true }, 'Keep it running');
  const start = h('button', { type: 'button', class: 'danger' }, 'Cancel experiment…');
  const control = h('p', { class: 'experiment-cancel' }, start, confirm, ' ', keep, status);
  // While the owner is asked to confirm, the page holds its refresh (experiment.ts): data-asking.
  const asking = (on: boolean) => {
    control.toggleAttribute('data-asking', on);
    start.hidden = on;
    confirm.hidden = !on;
    keep.hidden = !on;
    status.textContent = on
      ? ' No more deals will be played and its unfinished matches are aborted; completed deals keep their results.'
      : '';
  };
  start.addEventListener('click', () => asking(true));
  keep.addEventListener('click', () => asking(false));
  confirm.addEventListener('click', () => {
    confirm.disabled = true;
    keep.disabled = true;
    void send<Experiment>(`/v1/experiments/${encodeURIComponent(e.id)}`, { method: 'DELETE', key, signal })
      .then(() => onCancelled())
      .catch((err: unknown) => {
        confirm.disabled = false;
        keep.disabled = false;
        status.replaceChildren(errorBox(err instanceof ApiError ? err.message : String(err)));
      });
  });
  return control;
}
