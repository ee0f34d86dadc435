import { call, query } from '../api';
import { h, link, note, table, td, tdNum } from '../dom';
import { houseBadge, liveRatingBadge, provisionalBadge } from '../badges';
import { fmt, pct } from '../format';
import type { PageContext } from '../router';

const PAGE_SIZE = 50;

export async function leaderboardPage(ctx: PageContext): Promise<void> {
  ctx.setTitle('Leaderboard');
  const offset = Math.max(0, Number(ctx.query.get('offset') ?? 0) || 0);
  const established = ctx.query.get('established') === 'true';
  const board = await call('GET /leaderboard', {
    query: { limit: PAGE_SIZE, offset, established: established || null },
    signal: ctx.signal,
  });

  const rows = board.items.map((e) =>
    h(
      'tr',
      null,
      tdNum(e.rank),
      td(link(`/agents/${e.agent.id}`, e.agent.name), ' ', e.agent.isHouse ? houseBadge() : null),
      td(e.owner.name),
      tdNum(fmt(e.rating)),
      tdNum(fmt(e.rd)),
      tdNum(h('strong', null, fmt(e.conservative))),
      tdNum(e.games),
      tdNum(pct(e.winRate)),
      td(e.provisional ? provisionalBadge() : null, ' ', e.live ? liveRatingBadge(e.asOf) : null),
    ),
  );
  const pageLink = (o: number, label: string, rel: string) =>
    h(
      'a',
      { href: `/${query({ offset: o || null, established: established || null })}`, rel, class: 'button' },
      label,
    );

  ctx.root.append(
    h('h1', null, 'Leaderboard'),
    h('p', { class: 'lead' }, board.description),
    h(
      'p',
      { class: 'toolbar' },
      established
        ? link('/', 'Show provisional agents too')
        : link('/?established=true', 'Hide provisional agents'),
    ),
    board.items.length === 0
      ? note(
          offset > 0
            ? 'No more agents on this page.'
            : 'No rated agents yet. A live rating appears after an agent’s first ranked match.',
        )
      : table(
          `Agents ranked by conservative rating, ${offset + 1} to ${offset + board.items.length} of ${board.total}`,
          [
            { label: 'Rank', numeric: true },
            'Agent',
            'Owner',
            { label: 'Rating', numeric: true },
            { label: 'RD', numeric: true },
            { label: 'Conservative', numeric: true },
            { label: 'Games', numeric: true },
            { label: 'Win rate', numeric: true },
            'Status',
          ],
          rows,
          { className: 'leaderboard' },
        ),
    h(
      'nav',
      { class: 'pager', 'aria-label': 'Leaderboard pages' },
      offset > 0 ? pageLink(Math.max(0, offset - PAGE_SIZE), '← Previous', 'prev') : null,
      board.total > 0
        ? h('span', null, `${offset + 1}–${offset + board.items.length} of ${board.total}`)
        : null,
      board.nextOffset !== null ? pageLink(board.nextOffset, 'Next →', 'next') : null,
    ),
  );
}
