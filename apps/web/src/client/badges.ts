import { h } from './dom';
import { when } from './format';
import type { MatchStatus } from './types';

export const badge = (text: string, kind = '', title?: string) =>
  h('span', { class: `badge ${kind}`.trim(), title: title ?? null }, text);

export const provisionalBadge = () =>
  badge('provisional', 'warn', 'RD above 110: too few games for the rating to mean much yet');

/** A live rating: the estimate with the open rating period's ranked matches so far (asOf: the latest one). */
export const liveRatingBadge = (asOf: string | null) =>
  badge(
    'live',
    'live live-rating',
    `Live estimate with this rating period's ranked matches so far (latest ${when(asOf)}); ` +
      'the stored rating replaces it when the period closes',
  );

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
