import { h } from '../dom';
import { frameView } from './frame-view';
import type { ReplayModel } from './model';

// Stepping through a replay turn by turn: first / previous / next / last buttons, a slider, and the arrow,
// Home and End keys. The current frame is kept in the URL (?step=N), so a link opens the same turn.

const isTyping = (t: EventTarget | null) =>
  t instanceof HTMLElement &&
  (t.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(t.tagName)) &&
  !(t instanceof HTMLInputElement && t.type === 'range');

export function replayViewer(m: ReplayModel, initialStep: number, signal: AbortSignal): HTMLElement {
  const last = m.frames.length - 1;
  let step = Math.min(Math.max(0, initialStep), last);

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
  const slider = h('input', {
    id: 'replay-step',
    type: 'range',
    min: 0,
    max: last,
    step: 1,
    value: step,
  });
  const position = h('output', { for: 'replay-step', class: 'position', 'aria-live': 'polite' });
  const stage = h('div', { class: 'stage' });

  function show(to: number, o: { updateUrl?: boolean } = {}): void {
    step = Math.min(Math.max(0, to), last);
    const f = m.frames[step];
    if (!f) return;
    slider.value = String(step);
    slider.setAttribute('aria-valuetext', f.turn === null ? 'the deal' : `turn ${f.turn}`);
    position.textContent = `${f.turn === null ? 'Deal' : `Turn ${f.turn}`} · step ${step} of ${last}`;
    first.disabled = prev.disabled = step === 0;
    next.disabled = end.disabled = step === last;
    stage.replaceChildren(frameView(f, m, step === last));
    if (o.updateUrl !== false) {
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
  signal.addEventListener('abort', () => document.removeEventListener('keydown', onKey));

  show(step, { updateUrl: false });
  return h(
    'section',
    { class: 'replay', 'aria-label': 'Replay viewer' },
    h(
      'div',
      { class: 'controls', role: 'group', 'aria-label': 'Replay controls' },
      first,
      prev,
      h('label', { for: 'replay-step', class: 'visually-hidden' }, 'Turn'),
      slider,
      next,
      end,
      position,
    ),
    h('p', { class: 'muted small hint' }, 'Use ← and → to step through turns, Home and End to jump.'),
    stage,
  );
}
