import { h } from '../dom';

// The time left to answer a decision: seconds as text and a bar. The platform's deadline is an epoch time
// on its clock; the page counts down the part of the seat's timeoutMs still left when the request came.

export interface Countdown {
  el: HTMLElement;
  start(deadline: number, timeoutMs: number): void;
  /** Stops counting (answered, or the page moved on); `text` replaces the time. */
  stop(text: string): void;
}

export function countdown(signal: AbortSignal): Countdown {
  const text = h('span', { class: 'countdown-text' });
  const bar = h('progress', { class: 'countdown-bar', max: 1, value: 0, 'aria-hidden': 'true' });
  const el = h('p', { class: 'countdown', role: 'timer', 'aria-live': 'off' }, text, bar);
  let timer: ReturnType<typeof setInterval> | undefined;
  let end = 0;
  let total = 1;

  function tick(): void {
    const left = Math.max(0, end - Date.now());
    text.textContent = left > 0 ? `${Math.ceil(left / 1000)} s left` : 'Time is up';
    bar.value = left / total;
    el.dataset.urgent = left < Math.min(10_000, total / 4) ? 'true' : 'false';
    if (left <= 0) clearInterval(timer);
  }

  signal.addEventListener('abort', () => clearInterval(timer));
  return {
    el,
    start(deadline, timeoutMs) {
      clearInterval(timer);
      total = timeoutMs;
      // Trust the platform's deadline unless the clocks disagree by more than the whole timeout.
      end = Date.now() + Math.min(Math.max(0, deadline - Date.now()), timeoutMs);
      el.hidden = false;
      tick();
      timer = setInterval(tick, 250);
    },
    stop(message) {
      clearInterval(timer);
      text.textContent = message;
      bar.value = 0;
      el.dataset.urgent = 'false';
    },
  };
}
