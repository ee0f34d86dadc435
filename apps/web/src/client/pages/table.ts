import type { Action } from '@coup/engine';
import type { DecisionRequest, MatchEnd } from '@coup/protocol';
import { seatNamer } from '@coup/protocol/describe';
import { call, ApiError } from '../api';
import { errorBox, fill, h, link, note } from '../dom';
import { ordinal } from '../format';
import { rankingList } from '../ranking';
import { rulesetBadge, rulesetOrDefault } from '../rulesets';
import type { PageContext } from '../router';
import { apiKey, takeTicket } from '../session';
import { countdown } from '../table/countdown';
import { namesFor, situation } from '../table/labels';
import { sitAtTable } from '../table/socket';
import type { SeatMessage } from '../table/socket';
import { answerButtons, boardView, finalView, handView, historyView } from '../table/view';
import type { Match, TableTicket } from '../types';

// A person's seat at a casual table (/tables/:id): the decision requests of the seat, exactly as a
// WebSocket agent gets them, shown as cards, coins, the history and a countdown, answered with buttons,
// number keys, or Tab and Enter. Leaving the page closes the socket: the seat's next decisions fault, and
// the third fault forfeits it (as for any agent).

const isTyping = (t: EventTarget | null) =>
  t instanceof HTMLElement && (t.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(t.tagName));

/** The page's parts that change as the game goes. */
interface TableView {
  status: HTMLElement;
  result: HTMLElement;
  prompt: HTMLElement;
  timer: ReturnType<typeof countdown>;
  answers: HTMLElement;
  chosen: HTMLElement;
  hand: HTMLElement;
  tableBoard: HTMLElement;
  log: HTMLElement;
}

/** The table's layout, appended to the page: the status, the decision, the hand, the seats and the log. */
function tableLayout(ctx: PageContext, m: Match): TableView {
  const v: TableView = {
    status: h('p', { class: 'live-status', role: 'status' }, 'Connecting…'),
    result: h('section', { class: 'table-result', 'aria-live': 'polite' }),
    prompt: h('p', { class: 'situation', 'aria-live': 'polite' }, 'Waiting for your first decision…'),
    timer: countdown(ctx.signal),
    answers: h('div', { class: 'answers', role: 'group', 'aria-label': 'Your answer' }),
    chosen: h('p', { class: 'chosen muted', 'aria-live': 'polite' }),
    hand: h('div', { class: 'hand-wrap' }),
    tableBoard: h('div', { class: 'board-wrap' }),
    log: h('ol', { class: 'events live-log table-log', 'aria-label': 'What happened so far' }),
  };
  v.timer.el.hidden = true;
  ctx.root.append(
    h('h1', null, 'Table ', h('code', null, m.id)),
    h(
      'p',
      { class: 'muted' },
      m.seats.map((s) => s.agent.name).join(' vs '),
      ' · ',
      rulesetBadge(m.ruleset),
      ' · casual, never rated · ',
      link(`/matches/${m.id}`, 'match page'),
    ),
    v.status,
    v.result,
    h(
      'section',
      { class: 'decision', 'aria-labelledby': 'h-decision' },
      h('h2', { id: 'h-decision', class: 'visually-hidden' }, 'Your decision'),
      v.prompt,
      v.timer.el,
      v.answers,
      v.chosen,
      h(
        'p',
        { class: 'muted small keys-hint' },
        'Keys: 1–9 answer with the numbered button; Tab and Enter reach every button.',
      ),
    ),
    v.hand,
    h('section', { 'aria-labelledby': 'h-board' }, h('h2', { id: 'h-board' }, 'Seats'), v.tableBoard),
    h('section', { 'aria-labelledby': 'h-log' }, h('h2', { id: 'h-log' }, 'What happened'), v.log),
  );
  return v;
}

/** The match once it has ended (the replay is stored a moment after the last move), or its last state. */
async function endedMatch(ctx: PageContext, id: string): Promise<Match | null> {
  let done: Match | null = null;
  for (let i = 0; i < 50 && !ctx.signal.aborted; i++) {
    done = await call('GET /matches/:id', { params: { id }, signal: ctx.signal }).catch(() => null);
    if (done && (done.status === 'finished' || done.status === 'aborted')) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return done;
}

/** The seat's last view (every card shown at the end), from its replay. */
async function showFinalView(ctx: PageContext, v: TableView, m: Match, seat: number): Promise<void> {
  const replay = await call('GET /matches/:id/replay?seat=:seat', {
    params: { id: m.id, seat },
    signal: ctx.signal,
  }).catch(() => null);
  if (!replay) return;
  const final = finalView(
    replay,
    seatNamer(
      m.seats.map((s) => s.agent.name),
      seat,
    ),
  );
  fill(v.hand, final.hand);
  fill(v.tableBoard, final.board);
  fill(v.log, final.log);
  v.log.scrollTop = v.log.scrollHeight;
}

/** Where to go once the match has ended: its replays, or why it was aborted; another table. */
function endLinks(m: Match, seat: number | null, done: Match | null): (Node | string | null)[] {
  return [
    ...(done?.status === 'finished'
      ? [
          link(`/matches/${m.id}${seat !== null ? `?seat=${seat}` : ''}`, 'Replay from your seat'),
          ' · ',
          link(`/matches/${m.id}`, 'Replay with every card'),
          ' · ',
        ]
      : done?.status === 'aborted'
        ? [`The match was aborted: ${done.abortReason ?? 'no reason given'}. `]
        : []),
    link('/play', 'Open another table'),
  ];
}

const CONNECTION_TEXT = {
  connecting: 'Connecting to your seat…',
  open: 'At the table: your decisions appear here as they come.',
  lost: 'Connection lost; reconnecting…',
  closed: 'The game is over.',
} as const;

/** Number keys 1-9 press the numbered answer button while a decision is open; until the page is left. */
function answerKeys(ctx: PageContext, answers: HTMLElement, open: () => boolean): void {
  const onKey = (ev: KeyboardEvent) => {
    if (ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey || isTyping(ev.target)) return;
    if (!/^[1-9]$/.test(ev.key) || !open()) return;
    const button = answers.querySelectorAll<HTMLButtonElement>('button.answer')[Number(ev.key) - 1];
    if (!button || button.disabled) return;
    ev.preventDefault();
    button.click();
  };
  document.addEventListener('keydown', onKey);
  ctx.signal.addEventListener('abort', () => document.removeEventListener('keydown', onKey));
}

export async function tablePage(ctx: PageContext): Promise<void> {
  const id = ctx.params.id ?? '';
  ctx.setTitle(`Table ${id}`);
  const key = apiKey();
  if (!key) {
    ctx.root.append(
      h('h1', null, 'Table'),
      note('Sign in to take your seat: ', link('/play', 'sign in or create an account'), '.'),
    );
    return;
  }
  const m = await call('GET /matches/:id', { params: { id }, signal: ctx.signal });
  let seat: number | null = null;
  const ruleset = rulesetOrDefault(m.ruleset);
  const v = tableLayout(ctx, m);
  const { status, result, prompt, timer, answers, chosen, hand, tableBoard, log } = v;

  const seen = new Set<string>();
  let current: DecisionRequest | null = null;

  function showDecision(req: DecisionRequest): void {
    current = req;
    seat = req.seat;
    const who = namesFor(req);
    fill(hand, handView(req));
    fill(tableBoard, boardView(req));
    fill(log, historyView(req, who));
    log.scrollTop = log.scrollHeight;
    prompt.textContent = situation(req, who, ruleset);
    chosen.textContent = '';
    const buttons = answerButtons(req, who, ruleset, (action, label) => answer(req, action, label));
    fill(answers, buttons);
    answers.dataset.decision = req.decisionId;
    timer.start(req.deadline, req.timeoutMs);
    if (!isTyping(document.activeElement)) buttons[0]?.focus({ preventScroll: false });
  }

  function answer(req: DecisionRequest, action: Action, label: string): void {
    if (current !== req) return;
    if (!seatSocket.answer(req.decisionId, action)) {
      chosen.textContent = 'Not connected: your answer was not sent; it will be asked again on reconnect.';
      return;
    }
    current = null;
    for (const b of answers.querySelectorAll('button')) b.disabled = true;
    timer.stop('Answered');
    chosen.textContent = `You chose: ${label}. Waiting for the table…`;
  }

  async function showEnd(end: Pick<MatchEnd, 'ranking' | 'place'> | null): Promise<void> {
    current = null;
    fill(answers);
    delete answers.dataset.decision;
    chosen.textContent = '';
    timer.el.hidden = true;
    prompt.textContent = 'The game is over.';
    const names = m.seats.map((s) => s.agent.name);
    fill(
      result,
      h('h2', null, 'Result'),
      end ? h('p', { class: 'final-place' }, `You finished ${ordinal(end.place)}.`) : null,
      end ? rankingList(end.ranking, names) : null,
      h('p', { class: 'muted replay-links' }, 'Preparing the replay…'),
    );
    // The replay is stored a moment after the last move: link to it once it is there.
    const done = await endedMatch(ctx, m.id);
    const links = result.querySelector('.replay-links');
    if (!links || ctx.signal.aborted) return;
    if (done?.status === 'finished' && seat !== null) await showFinalView(ctx, v, m, seat);
    if (!end && done?.ranking) links.before(rankingList(done.ranking, names));
    fill(links, endLinks(m, seat, done));
  }

  function onMessage(msg: SeatMessage): void {
    if (msg.type === 'decision') {
      // A decision re-sent after a reconnect is the same question: answered once.
      if (seen.has(msg.decisionId)) return;
      seen.add(msg.decisionId);
      showDecision(msg);
    } else if (msg.type === 'match_end') {
      seat = msg.seat;
      status.textContent = 'The game is over.';
      void showEnd(msg);
    } else if (msg.type === 'error') {
      chosen.replaceChildren(errorBox(msg.message));
    }
  }

  let handed: TableTicket | null = takeTicket(m.id);
  const ticket = async (): Promise<TableTicket> => {
    const t = handed;
    handed = null;
    if (t) return t;
    return call('POST /tables/:id/ticket', { params: { id: m.id }, key, signal: ctx.signal }).catch(
      (err: unknown) => {
        const details = err instanceof ApiError ? (err.details as { seat?: number } | undefined) : undefined;
        if (typeof details?.seat === 'number') seat = details.seat;
        throw err;
      },
    );
  };

  const seatSocket = sitAtTable(
    ticket,
    {
      connection(state) {
        status.dataset.state = state;
        status.textContent = CONNECTION_TEXT[state];
      },
      message: onMessage,
      ended() {
        status.textContent = 'This table has ended.';
        void showEnd(null);
      },
      failed(message) {
        status.textContent = 'Not connected.';
        result.replaceChildren(errorBox(message));
      },
    },
    ctx.signal,
  );
  answerKeys(ctx, answers, () => current !== null);
}
