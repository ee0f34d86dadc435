import type { GameEvent, PlayerView } from '@coup/engine';
import { call } from '../api';
import { errorBox, fill, h, link, note } from '../dom';
import { watchLive } from '../live/socket';
import type { LiveMessage } from '../live/socket';
import { rankingList } from '../ranking';
import { board } from '../replay/board';
import { actionWords, describeEvent, namesOf, roleName } from '../replay/describe';
import type { Names } from '../replay/describe';
import type { PageContext } from '../router';
import { rulesetBadge } from '../rulesets';

// A running match as it happens, from the public spectator feed (no face-down card is ever sent).

const MAX_SHOWN_EVENTS = 400;

function pendingLine(s: PlayerView, n: Names): string {
  const p = s.pending;
  if (s.phase === 'game_over') return 'The game is over.';
  if (!p) return `${n(s.activeSeat)} is choosing an action.`;
  const what = `${n(p.actor)}: ${actionWords(p.action, p.target, n)}${p.claim ? ` (claims ${roleName(p.claim)})` : ''}`;
  const block =
    p.blocker !== null
      ? `; blocked by ${n(p.blocker)}${p.blockRole ? ` claiming ${roleName(p.blockRole)}` : ''}`
      : '';
  const phase =
    s.phase === 'lose_influence' && s.losingSeat !== null
      ? ` — ${n(s.losingSeat)} must lose an influence`
      : ` — ${s.phase.replaceAll('_', ' ')}`;
  return `${what}${block}${phase}`;
}

export async function livePage(ctx: PageContext): Promise<void> {
  const id = ctx.params.id ?? '';
  const m = await call('GET /matches/:id', { params: { id }, signal: ctx.signal });
  ctx.setTitle(`Live: ${m.id}`);
  const n = namesOf(m.seats.map((s) => s.agent.name));

  const status = h('p', { class: 'live-status', role: 'status' }, 'Connecting…');
  const stage = h(
    'div',
    { class: 'live-stage' },
    note(m.status === 'queued' ? 'Waiting for the match to start…' : 'Waiting for the first move…'),
  );
  const log = h('ol', { class: 'events live-log', 'aria-label': 'Moves so far', 'aria-live': 'polite' });
  const result = h('section', { class: 'live-result', 'aria-live': 'polite' });
  let events = 0;
  let updates = 0;

  function showState(s: PlayerView): void {
    const seats = s.players.map((p) => ({
      seat: p.seat,
      name: n(p.seat),
      coins: p.coins,
      cards: [
        ...p.revealed.map((role) => ({ role, revealed: true })),
        ...Array.from({ length: p.faceDown }, () => ({ role: null, revealed: false })),
      ],
      eliminated: p.eliminated,
      active: s.phase !== 'game_over' && s.activeSeat === p.seat,
    }));
    fill(
      stage,
      h('h2', { class: 'frame-title' }, `Turn ${s.turn}`),
      h('p', { class: 'pending' }, pendingLine(s, n)),
      board(seats, `Seats at turn ${s.turn}`),
      h('p', { class: 'muted small' }, `Deck: ${s.deckSize} cards · ${updates} updates · ${events} events`),
    );
  }

  function addEvents(list: readonly GameEvent[]): void {
    for (const e of list) {
      events++;
      log.append(h('li', { class: `ev ev-${e.type}` }, describeEvent(e, n)));
    }
    while (log.children.length > MAX_SHOWN_EVENTS) log.firstElementChild?.remove();
  }

  async function finish(msg: Extract<LiveMessage, { type: 'end' }>): Promise<void> {
    const done = await call('GET /matches/:id', { params: { id }, signal: ctx.signal }).catch(() => null);
    const ranking = msg.ranking ?? done?.ranking ?? null;
    fill(
      result,
      h('h2', null, 'Result'),
      ranking
        ? rankingList(
            ranking,
            m.seats.map((s) => s.agent.name),
            m.seats.map((s) => s.agent.id),
          )
        : note(
            `The match ended (${done?.status ?? msg.status ?? 'unknown'})${done?.abortReason ? `: ${done.abortReason}` : ''}.`,
          ),
      done?.status === 'finished' ? h('p', null, link(`/matches/${m.id}`, 'Open the full replay')) : null,
    );
  }

  ctx.root.append(
    h('h1', null, 'Live: ', h('code', null, m.id)),
    h(
      'p',
      { class: 'muted' },
      m.seats.map((s) => s.agent.name).join(' vs '),
      ' · ',
      rulesetBadge(m.ruleset),
      ' · ',
      link(`/matches/${m.id}`, 'match page'),
    ),
    status,
    result,
    stage,
    h('section', { 'aria-labelledby': 'h-log' }, h('h2', { id: 'h-log' }, 'Moves'), log),
  );

  watchLive(
    m.id,
    {
      reset() {
        events = 0;
        updates = 0;
        log.replaceChildren();
      },
      connection(state) {
        status.textContent = {
          connecting: 'Connecting…',
          open: 'Live: updates appear as they happen.',
          lost: 'Connection lost; reconnecting…',
          closed: 'The match has ended.',
        }[state];
        status.dataset.state = state;
      },
      message(msg) {
        if (msg.type === 'update') {
          updates++;
          // `fromEvent` numbers the update's first event: a catch-up (or an update read from the log
          // and from the channel both) repeats events already shown; only the new ones are added.
          const from = msg.fromEvent ?? events;
          if (from > events) events = from; // joined mid-match: the count starts where the catch-up does
          addEvents(msg.events.slice(events - from));
          showState(msg.state);
        } else if (msg.type === 'end') {
          status.textContent = 'The match has ended.';
          void finish(msg);
        } else if (msg.type === 'error') {
          result.replaceChildren(errorBox(msg.message));
        }
      },
    },
    ctx.signal,
  );
}
