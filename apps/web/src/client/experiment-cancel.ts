import { confirmButton } from './confirm-button';
import { h } from './dom';
import { experimentCalls } from './owner-calls';
import type { Experiment } from './types';

// On a running experiment's page, for its signed-in owner: cancel it (DELETE /v1/experiments/:id). No more
// deals are played and its unfinished matches are aborted; the deals that completed keep their results. A
// second click confirms, so one stray click costs nothing.

export function cancelControl(
  e: Experiment,
  key: string,
  signal: AbortSignal,
  onCancelled: () => void,
): HTMLElement {
  return h(
    'p',
    { class: 'experiment-cancel' },
    confirmButton({
      label: 'Cancel experiment…',
      question:
        ' No more deals will be played and its unfinished matches are aborted; completed deals keep their results.',
      confirm: 'Yes, cancel it',
      keep: 'Keep it running',
      run: async () => {
        await experimentCalls.cancel(key, e.id, signal);
        onCancelled();
      },
    }),
  );
}
