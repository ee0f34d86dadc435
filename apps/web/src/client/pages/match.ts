import { call } from '../api';
import { errorBox, h, link, note, table, td, tdNum } from '../dom';
import { statusBadge } from '../badges';
import { duration, ordinal, when } from '../format';
import { rankingList } from '../ranking';
import { omniscientModel } from '../replay/omniscient';
import { seatModel } from '../replay/seat-view';
import { replayViewer } from '../replay/viewer';
import type { PageContext } from '../router';
import { rulesetBadge } from '../rulesets';
import { seedSection } from '../seed-check';
import type { Match } from '../types';
import type { ReplayModel } from '../replay/model';

/** "5 s", "60 s", "750 ms": a decision deadline. */
const deadline = (ms: number) => (ms >= 1000 ? `${Number((ms / 1000).toFixed(1))} s` : `${ms} ms`);

/**
 * Each seat's decision deadline: its own where the replay records one (a person at HUMAN_TIMEOUT_MS, an
 * llm agent at LLM_TIMEOUT_MS), else the match's. Before the replay is out, the match's for every seat.
 */
const seatDeadlines = (m: Match, model: ReplayModel | null): number[] =>
  m.seats.map((s) => model?.seatTimeoutMs[s.seat] ?? m.timeoutMs);

function deadlineFact(m: Match, deadlines: readonly number[]): string {
  const own = m.seats.filter((s) => deadlines[s.seat] !== m.timeoutMs);
  if (own.length === 0) return `${deadline(m.timeoutMs)} per decision`;
  const others = own.map((s) => `seat ${s.seat} ${deadline(deadlines[s.seat] ?? m.timeoutMs)}`);
  return `${deadline(m.timeoutMs)} per decision; ${others.join(', ')}`;
}

function facts(m: Match, deadlines: readonly number[]): HTMLElement {
  const fact = (k: string, v: Node | string) => [h('dt', null, k), h('dd', null, v)];
  return h(
    'dl',
    { class: 'facts' },
    fact('Status', statusBadge(m.status)),
    fact('Kind', m.ranked ? 'ranked' : 'casual'),
    fact('Ruleset', rulesetBadge(m.ruleset)),
    m.eventId ? fact('Event', link(`/events/${m.eventId}`, `round ${m.eventRound ?? '?'}`)) : null,
    fact('Created', when(m.createdAt)),
    fact('Started', when(m.startedAt)),
    fact('Finished', when(m.finishedAt)),
    fact('Duration', duration(m.startedAt, m.finishedAt)),
    fact('Decision deadline', deadlineFact(m, deadlines)),
    fact(
      'Versions',
      `engine ${m.engineVersion ?? '–'} · ruleset ${m.rulesetVersion ?? '–'} · protocol ${m.protocolVersion ?? '–'}`,
    ),
  );
}

function seatsTable(m: Match, deadlines: readonly number[]): HTMLElement {
  return table(
    'Seats',
    [
      { label: 'Seat', numeric: true },
      'Agent',
      'Place',
      { label: 'Faults', numeric: true },
      'Forfeited',
      { label: 'Deadline', numeric: true },
    ],
    m.seats.map((s) =>
      h(
        'tr',
        null,
        tdNum(s.seat),
        td(link(`/agents/${s.agent.id}`, s.agent.name)),
        td(s.place !== null ? ordinal(s.place) : '–'),
        tdNum(s.faults),
        td(s.forfeited ? 'yes' : 'no'),
        tdNum(deadline(deadlines[s.seat] ?? m.timeoutMs)),
      ),
    ),
    { hideCaption: true },
  );
}

function viewNav(m: Match, seat: number | null): HTMLElement {
  const item = (href: string, label: string, current: boolean) =>
    h('li', null, h('a', { href, 'aria-current': current ? 'page' : null, class: 'tab' }, label));
  return h(
    'nav',
    { class: 'tabs', 'aria-label': 'Whose view' },
    h(
      'ul',
      null,
      item(`/matches/${m.id}`, 'Omniscient (every card)', seat === null),
      m.seats.map((s) =>
        item(`/matches/${m.id}?seat=${s.seat}`, `Seat ${s.seat}: ${s.agent.name}`, seat === s.seat),
      ),
    ),
  );
}

type Loaded = { model: ReplayModel; seat: number | null } | { error: string; seat: number | null };

async function loadReplay(ctx: PageContext, m: Match): Promise<Loaded> {
  const raw = ctx.query.get('seat');
  const seat = raw !== null && /^\d$/.test(raw) ? Number(raw) : null;
  try {
    const model =
      seat === null
        ? omniscientModel(await call('GET /matches/:id/replay', { params: { id: m.id }, signal: ctx.signal }))
        : seatModel(
            await call('GET /matches/:id/replay?seat=:seat', {
              params: { id: m.id, seat },
              signal: ctx.signal,
            }),
          );
    return { model, seat };
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    return { error: (err as Error).message, seat };
  }
}

function replaySection(ctx: PageContext, m: Match, loaded: Loaded): HTMLElement {
  const { seat } = loaded;
  const section = h(
    'section',
    { 'aria-labelledby': 'h-replay' },
    h('h2', { id: 'h-replay' }, 'Replay'),
    viewNav(m, seat),
  );
  if ('error' in loaded) {
    section.append(errorBox(`The replay cannot be shown: ${loaded.error}`));
    return section;
  }
  const { model } = loaded;
  section.append(
    h(
      'p',
      { class: 'muted' },
      seat === null
        ? 'Omniscient view: every card, face-down ones included, as the engine re-ran the match from its seed. ' +
            'Claims made without the role are marked as bluffs, challenged or not.'
        : `What seat ${seat} (${model.names[seat] ?? '?'}) saw: its own cards, the public moves, and every request it was sent. Other seats' face-down cards stay hidden; its own bluffs are marked.`,
    ),
  );
  if (model.warning) section.append(note(model.warning));
  section.append(replayViewer(model, Number(ctx.query.get('step') ?? 0) || 0, ctx.signal));
  return section;
}

export async function matchPage(ctx: PageContext): Promise<void> {
  const id = ctx.params.id ?? '';
  const m = await call('GET /matches/:id', { params: { id }, signal: ctx.signal });
  ctx.setTitle(`Match ${m.id}`);
  const names = m.seats.map((s) => s.agent.name);
  const ids = m.seats.map((s) => s.agent.id);
  // A finished match's replay first: it tells each seat's own deadline, shown in the facts and the seats.
  const loaded = m.status === 'finished' ? await loadReplay(ctx, m) : null;
  const deadlines = seatDeadlines(m, loaded && 'model' in loaded ? loaded.model : null);
  const parts: (HTMLElement | null)[] = [h('h1', null, 'Match ', h('code', null, m.id)), facts(m, deadlines)];
  if (m.status === 'queued' || m.status === 'running') {
    parts.push(
      note(
        `This match is ${m.status}. `,
        link(`/live/${m.id}`, 'Watch it live'),
        '; the replay is published when it ends.',
      ),
    );
  }
  if (m.status === 'aborted') parts.push(errorBox(`Aborted: ${m.abortReason ?? 'no reason given'}.`));
  if (m.ranking) {
    parts.push(
      h(
        'section',
        { 'aria-labelledby': 'h-ranking' },
        h('h2', { id: 'h-ranking' }, 'Final ranking'),
        rankingList(m.ranking, names, ids),
      ),
    );
  }
  parts.push(
    h(
      'section',
      { 'aria-labelledby': 'h-seats' },
      h('h2', { id: 'h-seats' }, 'Seats'),
      seatsTable(m, deadlines),
    ),
    h(
      'section',
      { 'aria-labelledby': 'h-seed' },
      h('h2', { id: 'h-seed' }, 'Fair deal'),
      seedSection(m.seedCommitment, m.seed),
    ),
  );
  if (loaded) parts.push(replaySection(ctx, m, loaded));
  ctx.root.append(...parts.filter((p): p is HTMLElement => p !== null));
}
