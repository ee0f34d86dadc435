import type { GameEvent } from '@coup/engine';
import { badge } from '../badges';
import { h, table, td, tdNum } from '../dom';
import { ms } from '../format';
import { rulesetBadge, rulesetSummary } from '../rulesets';
import { board } from './board';
import type { BluffMark } from './bluffs';
import { describeAction, describeAnswer, describeEvent, namesOf, roleName } from './describe';
import { llmView } from './llm-view';
import type { DecisionView, Frame, ReplayModel } from './model';

// One frame of the replay: the table at the end of the turn, what happened in words (bluffs marked), and
// every decision with its latency, fault and the agent's comment.

/** "bluff: held no Duke · not challenged" (or "caught" when challenged). */
function bluffBadge(b: BluffMark): HTMLElement {
  const what = `bluff: held no ${roleName(b.role)}`;
  return badge(
    `${what} · ${b.challenged ? 'caught' : 'not challenged'}`,
    `bad bluff${b.challenged ? ' caught' : ''}`,
    `The claimant's face-down cards did not hold a ${roleName(b.role)} when it claimed one` +
      (b.challenged ? '; a challenge caught it.' : '; nobody challenged it.'),
  );
}

function eventItem(e: GameEvent, m: ReplayModel): HTMLElement {
  const mark = m.bluffs.get(e);
  return h(
    'li',
    { class: `ev ev-${e.type}${mark ? ' ev-bluff' : ''}` },
    describeEvent(e, namesOf(m.names)),
    mark ? [' ', bluffBadge(mark)] : null,
  );
}

function decisionRow(d: DecisionView, m: ReplayModel): HTMLTableRowElement {
  const n = namesOf(m.names);
  const answered = describeAnswer(d.answer, n);
  const applied = describeAction(d.applied, n);
  return h(
    'tr',
    { class: d.fault ? 'faulted' : d.unused ? 'unused' : null },
    td(n(d.seat)),
    td(d.phase.replaceAll('_', ' ')),
    td(
      answered,
      d.bluff ? [' ', badge(`bluff: no ${roleName(d.bluff)}`, 'bad bluff')] : null,
      d.fault || answered !== applied
        ? h('div', { class: 'muted small' }, d.unused ? 'not needed' : `applied: ${applied}`)
        : null,
    ),
    tdNum(ms(d.latencyMs)),
    td(
      d.fault
        ? h(
            'span',
            { class: 'fault' },
            h('strong', null, d.fault.reason.replaceAll('_', ' ')),
            `: ${d.fault.message}`,
          )
        : '–',
    ),
    td(
      d.comment ? h('q', { class: 'comment' }, d.comment) : '–',
      d.prompt
        ? h('details', { class: 'request' }, h('summary', null, 'What it was sent'), h('pre', null, d.prompt))
        : null,
      d.llm ? llmView(d.llm) : null,
    ),
  );
}

export function frameView(f: Frame, m: ReplayModel, isLast: boolean): HTMLElement {
  const n = namesOf(m.names);
  const seats = f.seats.map((s) => ({
    ...s,
    name: n(s.seat),
    active: f.activeSeat === s.seat && !isLast,
    activeLabel: 'acting',
    you: m.viewer === s.seat,
    // Slots are known in the omniscient view, and for the viewer's own seat.
    slots: m.viewer === null || m.viewer === s.seat,
  }));
  const heading =
    f.turn === null ? 'The deal' : `Turn ${f.turn}${f.activeSeat !== null ? `: ${n(f.activeSeat)}` : ''}`;
  return h(
    'div',
    { class: 'frame' },
    h('h3', { class: 'frame-title' }, heading),
    board(seats, f.turn === null ? 'Seats after the deal' : `Seats at the end of turn ${f.turn}`),
    f.deckSize !== null ? h('p', { class: 'muted small' }, `Deck: ${f.deckSize} cards.`) : null,
    h(
      'section',
      { class: 'frame-events', 'aria-label': 'What happened' },
      h('h4', null, 'What happened'),
      f.turn === null
        ? h(
            'p',
            { class: 'deal-rules' },
            rulesetBadge(m.ruleset),
            ` Each seat is dealt 2 face-down cards and 2 coins. ${rulesetSummary(m.ruleset)}`,
          )
        : h(
            'ol',
            { class: 'events' },
            f.events.map((e) => eventItem(e, m)),
            f.forfeits.map((x) =>
              h(
                'li',
                { class: 'ev ev-forfeit' },
                `${n(x.seat)} forfeits (${x.reason.replaceAll('_', ' ')}).`,
              ),
            ),
          ),
    ),
    f.decisions.length > 0
      ? h(
          'section',
          { class: 'frame-decisions', 'aria-label': 'Decisions' },
          h('h4', null, 'Decisions'),
          table(
            `Decisions in turn ${f.turn}`,
            ['Seat', 'Phase', 'Answer', { label: 'Latency', numeric: true }, 'Fault', 'Comment'],
            f.decisions.map((d) => decisionRow(d, m)),
            { hideCaption: true, className: 'decisions' },
          ),
        )
      : null,
  );
}
