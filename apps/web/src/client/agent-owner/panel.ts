import { secretUse } from '@coup/transports';
import { ApiError } from '../api';
import { challengeToggle } from '../challenge-toggle';
import { confirmButton } from '../confirm-button';
import { errorBox, fill, h } from '../dom';
import { agentCalls, modelList } from '../owner-calls';
import { navigate } from '../router';
import { socketUrl } from '../agent-register';
import { secretBox } from '../secret-box';
import type { Agent } from '../types';
import { checkView } from './check-view';
import { settingsForm } from './settings';

// An agent's page, for its signed-in owner: everything one does with an agent, without curl. Send it a
// sample decision (/check) and see the request, the answer, the fault and the model's tokens; join or
// leave the ranked queue; pause or resume it; play against it; replace its secret (shown once); allow
// challenges; edit its strategy prompt; delete it (after confirming). Actions that change its state show
// the page again; the check's answer and a new secret stay where they appear.

const message = (err: unknown) =>
  err instanceof ApiError ? `${err.message} (${err.code})` : err instanceof Error ? err.message : String(err);

export async function ownerPanel(
  key: string,
  own: Agent,
  signal: AbortSignal,
  refresh: () => void,
): Promise<HTMLElement> {
  const models = await modelList();
  const out = h('div', { class: 'owner-output', 'aria-live': 'polite' });
  const busy = (b: HTMLButtonElement, on: boolean) => {
    b.disabled = on;
    b.setAttribute('aria-busy', String(on));
  };
  /** A button that calls the API, then shows the page again (or the error). */
  const action = (label: string, call: () => Promise<unknown>, cls = 'button') => {
    const b: HTMLButtonElement = h('button', {
      type: 'button',
      class: cls,
      onclick: () => {
        busy(b, true);
        call()
          .then(refresh)
          .catch((err: unknown) => fill(out, errorBox(`${label}: ${message(err)}`)))
          .finally(() => busy(b, false));
      },
    });
    b.textContent = label;
    return b;
  };

  const checkButton: HTMLButtonElement = h('button', {
    type: 'button',
    class: 'button primary',
    onclick: () => {
      busy(checkButton, true);
      fill(out, h('p', { class: 'muted' }, 'Sending a sample decision…'));
      agentCalls
        .check(key, own.id, signal)
        .then((r) => fill(out, checkView(r)))
        .catch((err: unknown) => fill(out, errorBox(`Check: ${message(err)}`)))
        .finally(() => busy(checkButton, false));
    },
  });
  checkButton.textContent = 'Check: send a sample decision';

  const active = own.status === 'active';
  const queue = own.inQueue
    ? action('Leave the ranked queue', () => agentCalls.leaveQueue(key, own.id, signal))
    : active
      ? action('Join the ranked queue', () => agentCalls.joinQueue(key, own.id, signal))
      : null;
  const pause =
    own.status === 'paused'
      ? action('Resume', () => agentCalls.resume(key, own.id, signal))
      : active
        ? action('Pause', () => agentCalls.pause(key, own.id, signal))
        : null;
  // An llm agent is played by the platform: its secret signs nothing, so there is nothing to rotate.
  const rotate =
    secretUse(own) === 'none'
      ? null
      : confirmButton({
          label: 'New secret…',
          question: ' The current secret stops working at once: update your agent with the new one. ',
          confirm: 'Yes, replace the secret',
          run: async () => {
            const made = await agentCalls.rotateSecret(key, own.id, signal);
            fill(
              out,
              secretBox({
                label: 'Agent secret',
                secret: made.secret,
                className: 'agent-secret',
                note:
                  secretUse(own) === 'connects'
                    ? ['Shown only this once. Connect with it: ', h('code', null, socketUrl())]
                    : 'Shown only this once: your agent checks X-Coup-Signature with it from now on.',
              }),
            );
          },
        });
  const remove = confirmButton({
    label: 'Delete agent…',
    question: ' It leaves the queue and plays no more; its past matches and replays stay. ',
    confirm: 'Yes, delete it',
    run: async () => {
      await agentCalls.remove(key, own.id, signal);
      navigate(`/my/agents?deleted=${encodeURIComponent(own.name)}`);
    },
  });
  const toggle = challengeToggle(own, key, signal);
  const settings = settingsForm(key, own, models, signal, () => undefined);

  return h(
    'section',
    { class: 'owner-panel', 'aria-labelledby': 'h-owner' },
    h('h2', { id: 'h-owner' }, 'Your agent'),
    h(
      'div',
      { class: 'owner-actions', role: 'group', 'aria-label': 'Run your agent' },
      checkButton,
      queue,
      pause,
      active ? h('a', { href: `/play?opponent=${own.id}`, class: 'button' }, 'Play against it') : null,
      rotate,
      remove,
    ),
    out,
    toggle,
    settings,
  );
}
