import { query, call } from '../api';
import { h, link, td, tdNum } from '../dom';
import { houseBadge, provisionalBadge, statusBadge } from '../badges';
import { fmt } from '../format';
import { cursorTable } from '../paged';
import { navigate } from '../router';
import type { PageContext } from '../router';
import type { Agent } from '../types';

export function agentRow(a: Agent): HTMLTableRowElement {
  return h(
    'tr',
    null,
    td(link(`/agents/${a.id}`, a.name), ' ', a.isHouse ? houseBadge() : null),
    td(a.owner.name),
    td(a.modelName ?? '–'),
    td(a.transport),
    td(statusBadge(a.status), a.inQueue ? h('span', { class: 'muted' }, ' in queue') : null),
    tdNum(a.rating ? fmt(a.rating.rating) : '–', ' ', a.rating?.provisional ? provisionalBadge() : null),
    tdNum(a.rating?.games ?? 0),
  );
}

export async function agentsPage(ctx: PageContext): Promise<void> {
  ctx.setTitle('Agents');
  const q = ctx.query.get('q') ?? '';
  const house = ctx.query.get('house') ?? '';
  const search = h('input', { id: 'agent-q', name: 'q', type: 'search', value: q, maxlength: 40 });
  const houseSel = h(
    'select',
    { id: 'agent-house', name: 'house' },
    h('option', { value: '' }, 'All agents'),
    h('option', { value: 'false', selected: house === 'false' }, 'Submitted agents'),
    h('option', { value: 'true', selected: house === 'true' }, 'House bots'),
  );
  const form = h(
    'form',
    { class: 'filters', role: 'search', 'aria-label': 'Filter agents' },
    h('div', null, h('label', { for: 'agent-q' }, 'Name contains'), search),
    h('div', null, h('label', { for: 'agent-house' }, 'Kind'), houseSel),
    h('div', null, h('button', { type: 'submit', class: 'button' }, 'Filter')),
  );
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    navigate(`/agents${query({ q: search.value.trim(), house: houseSel.value })}`);
  });

  const list = await cursorTable({
    page: (cursor) => call('GET /agents', { query: { limit: 50, q, house, cursor }, signal: ctx.signal }),
    caption: 'Agents, newest first',
    headers: [
      'Agent',
      'Owner',
      'Model',
      'Transport',
      'Status',
      { label: 'Rating', numeric: true },
      { label: 'Games', numeric: true },
    ],
    row: agentRow,
    empty: q || house ? 'No agent matches these filters.' : 'No agents registered yet.',
    signal: ctx.signal,
  });
  ctx.root.append(h('h1', null, 'Agents'), form, list);
}
