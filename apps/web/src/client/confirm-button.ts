import { errorBox, h } from './dom';

// A button for what cannot be undone (delete an agent, replace a secret or a key, cancel an experiment): the
// first click asks, a second button confirms, one stray click costs nothing.

export interface ConfirmOptions {
  /** The first button ("Delete agent…"). */
  label: string;
  /** What happens, asked before it does. */
  question: string;
  /** The confirming button ("Yes, delete it"). */
  confirm: string;
  /** The button that keeps things as they are ("Keep it"). */
  keep?: string;
  danger?: boolean;
  run(): Promise<void>;
}

export function confirmButton(o: ConfirmOptions): HTMLElement {
  const cls = o.danger === false ? 'button' : 'button danger';
  const start = h('button', { type: 'button', class: cls }, o.label);
  const yes = h('button', { type: 'button', class: cls, hidden: true }, o.confirm);
  const no = h('button', { type: 'button', class: 'button', hidden: true }, o.keep ?? 'No, keep it');
  const status = h('span', { class: 'muted small', role: 'status' });
  const el = h('span', { class: 'confirm' }, start, yes, ' ', no, ' ', status);
  const asking = (on: boolean) => {
    // While asking, a page that refreshes itself waits (data-asking), or the question would vanish.
    el.toggleAttribute('data-asking', on);
    start.hidden = on;
    yes.hidden = !on;
    no.hidden = !on;
    status.textContent = on ? o.question : '';
    if (on) yes.focus();
  };
  start.addEventListener('click', () => asking(true));
  no.addEventListener('click', () => {
    asking(false);
    start.focus();
  });
  yes.addEventListener('click', () => {
    yes.disabled = true;
    no.disabled = true;
    o.run()
      .then(() => asking(false))
      .catch((err: unknown) => status.replaceChildren(errorBox((err as Error).message ?? String(err))))
      .finally(() => {
        yes.disabled = false;
        no.disabled = false;
      });
  });
  return el;
}
