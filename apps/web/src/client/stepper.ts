import { h } from './dom';

// Stepping through frames (a replay's, a human game's) turn by turn: first / previous / next / last
// buttons, a slider, and the arrow, Home and End keys. The current frame is kept in the URL (?step=N), so
// a link opens the same turn.

export interface StepperOptions {
  /** Index of the last frame (frames are 0..last). */
  last: number;
  initialStep: number;
  /** Aborted when the page goes: the key listener is removed. */
  signal: AbortSignal;
  /** The slider's id, and the labels of the section and of its controls group. */
  id: string;
  label: string;
  controlsLabel: string;
  className: string;
  /** How frame `step` is named: the slider's spoken value and the visible position ("Turn 3"). */
  describe(step: number): { valueText: string; position: string };
  frame(step: number): HTMLElement;
}

const isTyping = (t: EventTarget | null) =>
  t instanceof HTMLElement &&
  (t.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(t.tagName)) &&
  !(t instanceof HTMLInputElement && t.type === 'range');

export function stepper(o: StepperOptions): HTMLElement {
  const { last } = o;
  let step = Math.min(Math.max(0, o.initialStep), last);

  // Visible text is the accessible name; the arrows are decoration.
  const btn = (kind: string, text: string, arrow: string, key: string, arrowFirst: boolean) => {
    const icon = h('span', { 'aria-hidden': 'true' }, arrow);
    return h(
      'button',
      { type: 'button', class: 'button', 'data-step': kind, 'aria-keyshortcuts': key },
      arrowFirst ? [icon, ` ${text}`] : [`${text} `, icon],
    );
  };
  const first = btn('first', 'First', '«', 'Home', true);
  const prev = btn('prev', 'Previous', '◀', 'ArrowLeft', true);
  const next = btn('next', 'Next', '▶', 'ArrowRight', false);
  const end = btn('last', 'Last', '»', 'End', false);
  const slider = h('input', { id: o.id, type: 'range', min: 0, max: last, step: 1, value: step });
  const position = h('output', { for: o.id, class: 'position', 'aria-live': 'polite' });
  const stage = h('div', { class: 'stage' });

  function show(to: number, opts: { updateUrl?: boolean } = {}): void {
    step = Math.min(Math.max(0, to), last);
    const d = o.describe(step);
    slider.value = String(step);
    slider.setAttribute('aria-valuetext', d.valueText);
    position.textContent = `${d.position} · step ${step} of ${last}`;
    first.disabled = prev.disabled = step === 0;
    next.disabled = end.disabled = step === last;
    stage.replaceChildren(o.frame(step));
    if (opts.updateUrl !== false) {
      const url = new URL(location.href);
      url.searchParams.set('step', String(step));
      history.replaceState(history.state, '', url.pathname + url.search);
    }
  }

  first.addEventListener('click', () => show(0));
  prev.addEventListener('click', () => show(step - 1));
  next.addEventListener('click', () => show(step + 1));
  end.addEventListener('click', () => show(last));
  slider.addEventListener('input', () => show(Number(slider.value)));

  const onKey = (ev: KeyboardEvent) => {
    if (ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey || isTyping(ev.target)) return;
    if (ev.target === slider) return; // the slider moves itself, and fires `input`
    const to = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: last }[ev.key];
    if (to === undefined) return;
    ev.preventDefault();
    show(to);
  };
  document.addEventListener('keydown', onKey);
  o.signal.addEventListener('abort', () => document.removeEventListener('keydown', onKey));

  show(step, { updateUrl: false });
  return h(
    'section',
    { class: o.className, 'aria-label': o.label },
    h(
      'div',
      { class: 'controls', role: 'group', 'aria-label': o.controlsLabel },
      first,
      prev,
      h('label', { for: o.id, class: 'visually-hidden' }, 'Turn'),
      slider,
      next,
      end,
      position,
    ),
    h('p', { class: 'muted small hint' }, 'Use ← and → to step through turns, Home and End to jump.'),
    stage,
  );
}
