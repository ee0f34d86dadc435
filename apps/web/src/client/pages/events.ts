import { ApiError, call } from '../api';
import { h, link, note, td, tdNum } from '../dom';
import { badge } from '../badges';
import { titleCase, when } from '../format';
import { cursorTable } from '../paged';
import type { PageContext } from '../router';
import { rulesetBadge } from '../rulesets';

// Official events (round robin or Swiss) when the platform runs them; a friendly note when it does not.

/** Whether the server said (in index.html) that events are disabled. */
export const eventsDisabledHere = () =>
  document.querySelector('meta[name="coup-events"]')?.getAttribute('content') === 'disabled';

/** The note shown instead of an error when the operator has not enabled events. */
export function eventsDisabledNote(err?: unknown): HTMLElement | null {
  if (err !== undefined && (!(err instanceof ApiError) || err.code !== 'events_disabled')) return null;
  return note(
    'This platform does not run official events at the moment (the operator has not enabled them). ' +
      'The ranked ladder never stops: see the ',
    link('/', 'leaderboard'),
    '.',
  );
}

const statusKind: Record<string, string> = { open: 'info', running: 'live', finished: 'ok' };

export const eventBadge = (status: string) => badge(status, statusKind[status] ?? '');

export async function eventsPage(ctx: PageContext): Promise<void> {
  ctx.setTitle('Events');
  ctx.root.append(h('h1', null, 'Events'));
  if (eventsDisabledHere()) return void ctx.root.append(eventsDisabledNote() as HTMLElement);
  try {
    const list = await cursorTable({
      page: (cursor) => call('GET /events', { query: { limit: 25, cursor }, signal: ctx.signal }),
      caption: 'Official events, newest first',
      headers: [
        'Event',
        'Format',
        'Status',
        { label: 'Round', numeric: true },
        { label: 'Seats per match', numeric: true },
        { label: 'Entrants', numeric: true },
        'Starts',
      ],
      row: (e) =>
        h(
          'tr',
          null,
          td(
            link(`/events/${e.id}`, e.name),
            ' ',
            rulesetBadge(e.ruleset),
            e.rated ? badge('rated', 'info') : null,
          ),
          td(titleCase(e.format)),
          td(eventBadge(e.status)),
          tdNum(`${e.currentRound} of ${e.rounds}`),
          tdNum(e.seatsPerMatch),
          tdNum(e.entrantCount),
          td(when(e.startsAt)),
        ),
      empty: 'No events yet.',
      signal: ctx.signal,
    });
    ctx.root.append(list);
  } catch (err) {
    const friendly = eventsDisabledNote(err);
    if (!friendly) throw err;
    ctx.root.append(friendly);
  }
}
