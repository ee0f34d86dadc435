import { call, query } from '../api';
import { h } from '../dom';
import { MATCH_HEADERS, matchRow } from '../match-row';
import { cursorTable } from '../paged';
import { navigate } from '../router';
import type { PageContext } from '../router';
import { RULESET_CHOICES, rulesetName } from '../rulesets';

const STATUSES = ['queued', 'running', 'finished', 'aborted'] as const;

export async function matchesPage(ctx: PageContext): Promise<void> {
  ctx.setTitle('Matches');
  const status = ctx.query.get('status') ?? '';
  const ranked = ctx.query.get('ranked') ?? '';
  const agent = ctx.query.get('agent') ?? '';
  // Only a ruleset the platform plays is asked for: a stale link lists every ruleset, not a 400.
  const ruleset = RULESET_CHOICES.find((r) => r === ctx.query.get('ruleset')) ?? '';
  const agents = await call('GET /agents', { query: { limit: 100 }, signal: ctx.signal });

  const statusSel = h(
    'select',
    { id: 'f-status', name: 'status' },
    h('option', { value: '' }, 'Any status'),
    STATUSES.map((s) => h('option', { value: s, selected: s === status }, s)),
  );
  const rankedSel = h(
    'select',
    { id: 'f-ranked', name: 'ranked' },
    h('option', { value: '' }, 'Ranked and casual'),
    h('option', { value: 'true', selected: ranked === 'true' }, 'Ranked only'),
    h('option', { value: 'false', selected: ranked === 'false' }, 'Casual only'),
  );
  const rulesetSel = h(
    'select',
    { id: 'f-ruleset', name: 'ruleset' },
    h('option', { value: '' }, 'Any ruleset'),
    RULESET_CHOICES.map((r) => h('option', { value: r, selected: r === ruleset }, rulesetName(r))),
  );
  const known = agents.items.some((a) => a.id === agent);
  const agentSel = h(
    'select',
    { id: 'f-agent', name: 'agent' },
    h('option', { value: '' }, 'Any agent'),
    agent && !known ? h('option', { value: agent, selected: true }, agent) : null,
    [...agents.items]
      .sort((x, y) => x.name.localeCompare(y.name))
      .map((a) => h('option', { value: a.id, selected: a.id === agent }, a.name)),
  );
  const form = h(
    'form',
    { class: 'filters', 'aria-label': 'Filter matches' },
    h('div', null, h('label', { for: 'f-status' }, 'Status'), statusSel),
    h('div', null, h('label', { for: 'f-ranked' }, 'Kind'), rankedSel),
    h('div', null, h('label', { for: 'f-ruleset' }, 'Ruleset'), rulesetSel),
    h('div', null, h('label', { for: 'f-agent' }, 'Agent'), agentSel),
    h('div', null, h('button', { type: 'submit', class: 'button' }, 'Filter')),
  );
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    navigate(
      `/matches${query({
        status: statusSel.value,
        ranked: rankedSel.value,
        ruleset: rulesetSel.value,
        agent: agentSel.value,
      })}`,
    );
  });

  const list = await cursorTable({
    page: (cursor) =>
      call('GET /matches', {
        query: { status, ranked, ruleset, agent, limit: 25, cursor },
        signal: ctx.signal,
      }),
    caption: 'Matches, newest first',
    headers: MATCH_HEADERS,
    row: (m) => matchRow(m),
    empty: status || ranked || ruleset || agent ? 'No match matches these filters.' : 'No matches yet.',
    signal: ctx.signal,
  });
  ctx.root.append(h('h1', null, 'Matches'), form, list);
}
