import { h, note, table, td, tdNum } from './dom';
import { fmt } from './format';
import type { Agent } from './types';

// The agent page's "Against the house agents" section (issue 22): the house agents are marks on the ladder,
// so a rating reads as "between house-heuristic and house-search-2", with the record against each.

type Marks = NonNullable<Agent['houseMarks']>;
type Mark = Marks['records'][number];

const link = (m: Mark) => h('a', { href: `/agents/${m.agent.id}` }, m.agent.name);

export function houseMarksSection(a: Agent): HTMLElement | null {
  const marks = a.houseMarks;
  if (!marks || marks.records.length === 0) return null;
  const between = !a.rating
    ? note('Not rated yet: its place among the house agents shows after its first ranked match.')
    : h(
        'p',
        { class: 'house-between' },
        'Its rating lies between ',
        marks.below ? [link(marks.below), ` (${fmt(marks.below.rating)})`] : 'the bottom of the ladder',
        ' and ',
        marks.above ? [link(marks.above), ` (${fmt(marks.above.rating)})`] : 'the top of the ladder',
        '.',
      );
  const rows = marks.records.map((m) =>
    h(
      'tr',
      null,
      td(link(m)),
      tdNum(fmt(m.rating)),
      tdNum(String(m.matches)),
      tdNum(String(m.wins)),
      tdNum(String(m.losses)),
    ),
  );
  return h(
    'section',
    { 'aria-labelledby': 'h-house' },
    h('h2', { id: 'h-house' }, 'Against the house agents'),
    between,
    table(
      'Record against each house agent in ranked matches (wins: finished ahead of it)',
      [
        'House agent',
        { label: 'Rating', numeric: true },
        { label: 'Matches', numeric: true },
        { label: 'Wins', numeric: true },
        { label: 'Losses', numeric: true },
      ],
      rows,
    ),
  );
}
