import { h } from './dom';
import type { MatchStatus } from './types';

export const badge = (text: string, kind = '', title?: string) =>
  h('span', { class: `badge ${kind}`.trim(), title: title ?? null }, text);

export const provisionalBadge = () =>
  badge('provisional', 'warn', 'RD above 110: too few games for the rating to mean much yet');

export const houseBadge = () => badge('house', 'info', 'A built-in bot run by the platform');

export function statusBadge(status: MatchStatus | 'active' | 'paused' | 'disabled'): HTMLElement {
  const kind: Record<string, string> = {
    queued: '',
    running: 'live',
    finished: 'ok',
    aborted: 'bad',
    active: 'ok',
    paused: 'warn',
    disabled: 'bad',
  };
  return badge(status, kind[status] ?? '');
}
