import { h } from './dom';
import type { Child } from './dom';

// A secret the platform shows only once (an account's API key, an agent's secret), with a copy button.
// Nothing keeps it but this page (and, for the API key, this browser's storage): the text says so.

async function copy(text: string, target: HTMLElement): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard access (an insecure origin, a denied permission): select it for Ctrl+C instead.
    const range = document.createRange();
    range.selectNodeContents(target);
    const sel = window.getSelection();
    sel?.removeAllRanges();
    sel?.addRange(range);
    return false;
  }
}

export function secretBox(o: {
  /** What it is ("Agent secret"). */
  label: string;
  secret: string;
  /** Why and where to keep it. */
  note: Child;
  /** A class for the code element (`api-key`, `agent-secret`). */
  className: string;
}): HTMLElement {
  const code = h('code', { class: `secret ${o.className}` }, o.secret);
  const status = h('span', { class: 'muted small', role: 'status' });
  const button = h(
    'button',
    {
      type: 'button',
      class: 'button copy',
      'aria-label': `Copy ${o.label}`,
      onclick: () => {
        void copy(o.secret, code).then((ok) => {
          status.textContent = ok ? 'Copied.' : 'Selected: press Ctrl+C (or ⌘C) to copy.';
        });
      },
    },
    'Copy',
  );
  return h(
    'div',
    { class: 'secret-box', role: 'group', 'aria-label': o.label },
    h('p', { class: 'secret-label' }, h('strong', null, `${o.label}: `), code),
    h('p', { class: 'secret-actions' }, button, ' ', status),
    h('p', { class: 'small' }, o.note),
  );
}
