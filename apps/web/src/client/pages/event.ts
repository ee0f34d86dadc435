import { call } from '../api';
import { h, link, note, table, td, tdNum } from '../dom';
import { badge, houseBadge } from '../badges';
import { fmt, titleCase, when } from '../format';
import { MATCH_HEADERS, matchRow } from '../match-row';
import type { PageContext } from '../router';
import { rulesetBadge } from '../rulesets';
import type { EventDetail, Standing } from '../types';
import { eventBadge, eventsDisabledHere, eventsDisabledNote } from './events';

function standingsTable(rows: readonly Standing[]): HTMLElement {
  return table(
    'Standings',
    [
      { label: 'Rank', numeric: true },
      'Agent',
      { label: 'Points', numeric: true },
      { label: 'Played', numeric: true },
      { label: 'Wins', numeric: true },
      { label: 'Buchholz', numeric: true },
      { label: 'Mean place', numeric: true },
    ],
    rows.map((s) =>
      h(
        'tr',
        null,
        tdNum(s.rank),
        td(link(`/agents/${s.agent.id}`, s.agent.name), s.agent.isHouse ? houseBadge() : null),
        tdNum(h('strong', null, fmt(s.points, Number.isInteger(s.points) ? 0 : 1))),
        tdNum(s.played),
        tdNum(s.wins),
        tdNum(fmt(s.buchholz, Number.isInteger(s.buchholz) ? 0 : 1)),
        tdNum(fmt(s.meanPlace, 2)),
      ),
    ),
    { hideCaption: true },
  );
}

export async function eventPage(ctx: PageContext): Promise<void> {
  const id = ctx.params.id ?? '';
  if (eventsDisabledHere()) {
    ctx.setTitle('Event');
    return void ctx.root.append(h('h1', null, 'Event'), eventsDisabledNote() as HTMLElement);
  }
  let ev: EventDetail;
  try {
    ev = await call('GET /events/:id', { params: { id }, signal: ctx.signal });
  } catch (err) {
    const friendly = eventsDisabledNote(err);
    if (!friendly) throw err;
    ctx.setTitle('Event');
    ctx.root.append(h('h1', null, 'Event'), friendly);
    return;
  }
  ctx.setTitle(ev.name);
  const facts = [
    titleCase(ev.format),
    ev.currentRound > 0 ? `round ${ev.currentRound} of ${ev.rounds}` : 'not started',
    `${ev.seatsPerMatch} seats per match`,
    `${ev.entrantCount} entrants (${ev.entry === 'open' ? 'open entry' : 'entry list'})`,
    `starts ${when(ev.startsAt)}`,
  ];
  ctx.root.append(
    h(
      'h1',
      null,
      ev.name,
      ' ',
      eventBadge(ev.status),
      ' ',
      rulesetBadge(ev.ruleset),
      ev.rated ? badge('rated', 'info') : null,
    ),
    h('p', { class: 'muted' }, facts.join(' · ')),
    h(
      'section',
      { 'aria-labelledby': 'h-standings' },
      h('h2', { id: 'h-standings' }, 'Standings'),
      ev.standings.length ? standingsTable(ev.standings) : note('No entrants yet.'),
      h('p', { class: 'muted small' }, ev.scoring),
    ),
    h(
      'section',
      { 'aria-labelledby': 'h-rounds' },
      h('h2', { id: 'h-rounds' }, 'Rounds'),
      ev.schedule.length === 0
        ? note('No matches yet: the rounds are drawn once the event starts.')
        : ev.schedule.map((r) =>
            table(
              `Round ${r.round} of ${ev.rounds}`,
              MATCH_HEADERS,
              r.matches.map((m) => matchRow(m)),
            ),
          ),
    ),
  );
}
