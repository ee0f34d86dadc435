import { h, link, td } from './dom';
import { badge, statusBadge } from './badges';
import { ordinal, when } from './format';
import { rulesetBadge } from './rulesets';
import type { Match } from './types';

export const MATCH_HEADERS = ['Match', 'Status', 'Kind', 'Seats (place)', 'Created', 'Watch'] as const;

/** The highlighted agent's seats that faulted or forfeited. */
const troubled = (m: Match, highlight?: string) =>
  m.seats.filter((s) => s.agent.id === highlight && (s.faults > 0 || s.forfeited));

/**
 * Seats in seat order with their places once finished; `highlight` marks one agent (its profile), with
 * its faults and a forfeit as badges, so an agent's troubles stand out in its list.
 */
export function seatList(m: Match, highlight?: string): HTMLElement {
  return h(
    'ol',
    { class: 'seat-list', start: 0 },
    m.seats.map((s) => {
      const me = s.agent.id === highlight;
      return h(
        'li',
        { class: me ? 'me' : null },
        link(`/agents/${s.agent.id}`, s.agent.name),
        s.place !== null ? h('span', { class: 'muted' }, ` ${ordinal(s.place)}`) : null,
        me && s.faults > 0
          ? [' ', badge(`${s.faults} fault${s.faults === 1 ? '' : 's'}`, 'warn seat-faults')]
          : null,
        me && s.forfeited ? [' ', badge('forfeited', 'bad seat-forfeited')] : null,
        !me && s.forfeited ? h('span', { class: 'muted' }, ' (forfeited)') : null,
      );
    }),
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
    { class: troubled(m, highlight).length > 0 ? 'troubled' : null },
    td(link(`/matches/${m.id}`, h('code', null, m.id))),
    td(statusBadge(m.status)),
    td(
      m.ranked ? 'ranked' : 'casual',
      m.eventId ? h('span', { class: 'muted' }, ' · event') : null,
      ' ',
      rulesetBadge(m.ruleset),
    ),
    td(seatList(m, highlight)),
    td(when(m.createdAt)),
    td(watch),
  );
}
