import { h, link, td } from './dom';
import { statusBadge } from './badges';
import { ordinal, when } from './format';
import type { Match } from './types';

export const MATCH_HEADERS = ['Match', 'Status', 'Kind', 'Seats (place)', 'Created', 'Watch'] as const;

/** Seats in seat order with their places once finished; `highlight` marks one agent (its profile). */
export function seatList(m: Match, highlight?: string): HTMLElement {
  return h(
    'ol',
    { class: 'seat-list', start: 0 },
    m.seats.map((s) =>
      h(
        'li',
        { class: s.agent.id === highlight ? 'me' : null },
        link(`/agents/${s.agent.id}`, s.agent.name),
        s.place !== null ? h('span', { class: 'muted' }, ` ${ordinal(s.place)}`) : null,
        s.forfeited ? h('span', { class: 'muted' }, ' (forfeited)') : null,
      ),
    ),
  );
}

export function matchRow(m: Match, highlight?: string): HTMLTableRowElement {
  const watch =
    m.status === 'finished'
      ? link(`/matches/${m.id}`, 'Replay')
      : m.status === 'running' || m.status === 'queued'
        ? link(`/live/${m.id}`, 'Watch live')
        : h('span', { class: 'muted' }, m.abortReason ?? '–');
  return h(
    'tr',
    null,
    td(link(`/matches/${m.id}`, h('code', null, m.id))),
    td(statusBadge(m.status)),
    td(m.ranked ? 'ranked' : 'casual', m.eventId ? h('span', { class: 'muted' }, ' · event') : null),
    td(seatList(m, highlight)),
    td(when(m.createdAt)),
    td(watch),
  );
}
