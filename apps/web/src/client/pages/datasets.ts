import { call } from '../api';
import { badge } from '../badges';
import { h, link, td, tdNum } from '../dom';
import { fmt, when } from '../format';
import { cursorTable } from '../paged';
import type { PageContext } from '../router';
import type { Dataset } from '../types';

// Human datasets: games people played on another Coup server (the public archive), imported by the
// operator with `coup dataset import`. Read-only, and never mixed with this platform's matches.

export const humanBadge = () =>
  badge(
    'human games',
    'info',
    'Games people played elsewhere, imported read-only; not matches of this platform',
  );

/** "N of M agree", then the games that differ only by known rules and those that disagree, if any. */
export function replayCheckText(d: Pick<Dataset, 'replayCheck'>): string {
  const c = d.replayCheck;
  if (!c) return '–';
  const parts = [`${fmt(c.agreed)} of ${fmt(c.replayed)} agree`];
  if (c.rulesDiffer) parts.push(`${fmt(c.rulesDiffer)} differ by known rules`);
  if (c.disagreed) parts.push(`${fmt(c.disagreed)} disagree`);
  return parts.join(', ');
}

export async function datasetsPage(ctx: PageContext): Promise<void> {
  ctx.setTitle('Human datasets');
  ctx.root.append(
    h('h1', null, 'Human datasets ', humanBadge()),
    h(
      'p',
      { class: 'muted' },
      'Games people played on the open-source Coup server, from its public archive: browse them turn by ' +
        'turn, and compare agents with how people play (bluffs, challenges, blocks). Imported with ',
      h('code', null, 'coup dataset import'),
      '; only complete imports are listed.',
    ),
  );
  const list = await cursorTable({
    page: (cursor) => call('GET /datasets', { query: { limit: 25, cursor }, signal: ctx.signal }),
    caption: 'Human datasets, newest first',
    headers: [
      'Dataset',
      { label: 'Games', numeric: true },
      { label: 'Bad games', numeric: true },
      'Re-played through our engine',
      'Imported',
    ],
    row: (d) =>
      h(
        'tr',
        null,
        td(link(`/datasets/${d.id}`, d.name), h('div', { class: 'muted small' }, d.sourceFile)),
        tdNum(fmt(d.gamesCount)),
        tdNum(fmt(d.badCount)),
        td(replayCheckText(d)),
        td(when(d.finishedAt ?? d.createdAt)),
      ),
    empty: 'No human dataset has been imported yet.',
    signal: ctx.signal,
  });
  ctx.root.append(list);
}
