import { call, query } from '../api';
import { badge } from '../badges';
import { h, link, note, table, td, tdNum } from '../dom';
import { fmt, when } from '../format';
import { baselinesSection } from '../human/baselines-table';
import { cursorTable } from '../paged';
import { navigate } from '../router';
import type { PageContext } from '../router';
import { RULESET_CHOICES, rulesetName } from '../rulesets';
import type { DatasetDetail } from '../types';
import { humanBadge, replayCheckText } from './datasets';

// One human dataset: its counts, the games left out by reason, how its games re-played through our
// engine, the human baselines, and its games (filters, paging) linking to the game viewer.

const REPLAY_KIND: Record<string, string> = {
  agreed: 'ok',
  rules_differ: 'info',
  disagreed: 'bad',
  not_replayed: '',
};

function facts(d: DatasetDetail): HTMLElement {
  const fact = (k: string, v: Node | string) => [h('dt', null, k), h('dd', null, v)];
  return h(
    'dl',
    { class: 'facts' },
    fact('Games', fmt(d.gamesCount)),
    fact('Bad games (left out)', fmt(d.badCount)),
    fact('Re-played through our engine', replayCheckText(d)),
    fact('Source file', `${d.sourceFile} (${d.encoding})`),
    fact('Imported', when(d.finishedAt ?? d.createdAt)),
  );
}

function countsTable(caption: string, label: string, counts: Record<string, number>): HTMLElement {
  const rows = Object.entries(counts)
    .sort(([, a], [, b]) => b - a)
    .map(([k, n]) => h('tr', null, td(h('code', null, k)), tdNum(fmt(n))));
  return rows.length
    ? table(caption, [label, { label: 'Games', numeric: true }], rows)
    : note(`${caption}: none.`);
}

/** Where the archive's server and ours play by other rules, as the re-play met them: name, what, games. */
function differencesTable(d: DatasetDetail): HTMLElement {
  const caption = 'Known differences of rules (their server, not ours)';
  if (d.ruleDifferences.length === 0) return note(`${caption}: none met.`);
  return table(
    caption,
    ['Difference', 'What their server does', { label: 'Games', numeric: true }],
    d.ruleDifferences.map((r) =>
      h(
        'tr',
        { 'data-difference': r.name },
        td(h('code', null, r.name)),
        td(r.description),
        tdNum(fmt(r.games)),
      ),
    ),
  );
}

function filterForm(id: string, q: URLSearchParams): HTMLElement {
  const sel = (
    name: string,
    label: string,
    any: string,
    values: readonly string[],
    text: (v: string) => string = (v) => v,
  ) => {
    const current = q.get(name) ?? '';
    const s = h(
      'select',
      { id: `f-${name}`, name },
      h('option', { value: '' }, any),
      values.map((v) => h('option', { value: v, selected: v === current }, text(v))),
    );
    return { s, el: h('div', null, h('label', { for: `f-${name}` }, label), s) };
  };
  // An archive game's type is the id of the ruleset it was played by (packages/archive/src/rules.ts).
  const type = sel('gameType', 'Game type', 'Any type', RULESET_CHOICES, rulesetName);
  const count = sel('playerCount', 'Players', 'Any number', ['2', '3', '4', '5', '6']);
  const replay = sel('replayStatus', 'Re-play', 'Any', [
    'agreed',
    'rules_differ',
    'disagreed',
    'not_replayed',
  ]);
  const form = h(
    'form',
    { class: 'filters', 'aria-label': 'Filter games' },
    type.el,
    count.el,
    replay.el,
    h('div', null, h('button', { type: 'submit', class: 'button' }, 'Filter')),
  );
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    navigate(
      `/datasets/${id}${query({ gameType: type.s.value, playerCount: count.s.value, replayStatus: replay.s.value })}`,
    );
  });
  return form;
}

export async function datasetPage(ctx: PageContext): Promise<void> {
  const id = ctx.params.id ?? '';
  const d = await call('GET /datasets/:id', { params: { id }, signal: ctx.signal });
  ctx.setTitle(`Dataset ${d.name}`);
  const filters = {
    gameType: ctx.query.get('gameType'),
    playerCount: ctx.query.get('playerCount'),
    replayStatus: ctx.query.get('replayStatus'),
  };
  const filtered = Object.values(filters).some(Boolean);
  const games = await cursorTable({
    page: (cursor) =>
      call('GET /datasets/:id/games', {
        params: { id: d.id },
        query: { ...filters, limit: 25, cursor },
        signal: ctx.signal,
      }),
    caption: 'Games in file order',
    headers: [
      { label: 'Game', numeric: true },
      'Archive id',
      'Type',
      { label: 'Players', numeric: true },
      { label: 'People', numeric: true },
      { label: 'Turns', numeric: true },
      { label: 'Winner (seat)', numeric: true },
      'Re-play',
    ],
    row: (g) =>
      h(
        'tr',
        null,
        tdNum(link(`/datasets/${d.id}/games/${g.ordinal}`, `#${g.ordinal}`)),
        td(h('code', null, g.gameId)),
        td(g.gameType),
        tdNum(g.playerCount),
        tdNum(g.humans),
        tdNum(g.turns),
        tdNum(g.winner),
        td(badge(g.replayStatus.replace('_', ' '), REPLAY_KIND[g.replayStatus] ?? '')),
      ),
    empty: filtered ? 'No game matches these filters.' : 'This dataset holds no games.',
    signal: ctx.signal,
  });
  ctx.root.append(
    h('p', null, link('/datasets', '← Human datasets')),
    h('h1', null, d.name, ' ', humanBadge()),
    facts(d),
    h(
      'section',
      { 'aria-labelledby': 'h-checks' },
      h('h2', { id: 'h-checks' }, 'Import checks'),
      countsTable('Bad games by reason', 'Reason', d.badReasons),
      d.warnings.length
        ? h(
            'ul',
            { class: 'warnings', 'aria-label': 'Import warnings' },
            d.warnings.map((w) => h('li', null, w)),
          )
        : null,
      differencesTable(d),
      d.replayCheck
        ? countsTable(
            'Re-play disagreements (records no known rule explains) by reason',
            'Reason',
            d.replayCheck.reasons,
          )
        : null,
    ),
    h(
      'section',
      { 'aria-labelledby': 'h-baselines' },
      h('h2', { id: 'h-baselines' }, 'How people play'),
      d.baselines ? baselinesSection(d.baselines) : note('No baselines were computed for this dataset.'),
    ),
    h(
      'section',
      { 'aria-labelledby': 'h-games' },
      h('h2', { id: 'h-games' }, 'Games'),
      filterForm(d.id, ctx.query),
      games,
    ),
  );
}
