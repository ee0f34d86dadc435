import { call, query } from '../api';
import { h, link, note, table, td, tdNum } from '../dom';
import { houseBadge, liveRatingBadge, provisionalBadge } from '../badges';
import { fmt, pct } from '../format';
import type { PageContext } from '../router';
import { RULESET_CHOICES, rulesetName, rulesetOrDefault, rulesetSummary } from '../rulesets';
import { DEFAULT_RULESET } from '@coup/engine';
import type { RulesetId } from '@coup/engine';

const PAGE_SIZE = 50;

// Each ruleset has its own ladder (GET /v1/leaderboard?ruleset=). The switch is a row of links: the
// chosen ladder is in the page's URL (`?ruleset=inquisitors`; the default ladder has none), so a reload
// or a shared link opens the same ladder, and the browser's back button returns to the previous one.

/** The leaderboard's URL for a ladder, a page and the provisional filter. */
function boardUrl(ruleset: RulesetId, offset: number, established: boolean): string {
  const r = ruleset === DEFAULT_RULESET ? null : ruleset;
  return `/${query({ ruleset: r, offset: offset || null, established: established || null })}`;
}

function rulesetSwitch(current: RulesetId, established: boolean): HTMLElement {
  return h(
    'nav',
    { class: 'tabs ruleset-switch', 'aria-label': 'Ruleset' },
    h(
      'ul',
      null,
      RULESET_CHOICES.map((r) =>
        h(
          'li',
          null,
          h(
            'a',
            {
              href: boardUrl(r, 0, established),
              class: 'tab',
              'data-ruleset': r,
              'aria-current': r === current ? 'page' : null,
              title: rulesetSummary(r),
            },
            rulesetName(r),
          ),
        ),
      ),
    ),
  );
}

export async function leaderboardPage(ctx: PageContext): Promise<void> {
  ctx.setTitle('Leaderboard');
  const offset = Math.max(0, Number(ctx.query.get('offset') ?? 0) || 0);
  const established = ctx.query.get('established') === 'true';
  const ruleset = rulesetOrDefault(ctx.query.get('ruleset'));
  const board = await call('GET /leaderboard', {
    query: { limit: PAGE_SIZE, offset, established: established || null, ruleset },
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
    h('a', { href: boardUrl(ruleset, o, established), rel, class: 'button' }, label);

  ctx.root.append(
    h('h1', null, 'Leaderboard'),
    h('p', { class: 'lead' }, board.description),
    rulesetSwitch(ruleset, established),
    h('p', { class: 'muted small ruleset-summary' }, rulesetSummary(ruleset)),
    h(
      'p',
      { class: 'toolbar' },
      established
        ? link(boardUrl(ruleset, 0, false), 'Show provisional agents too')
        : link(boardUrl(ruleset, 0, true), 'Hide provisional agents'),
    ),
    board.items.length === 0
      ? note(
          offset > 0
            ? 'No more agents on this page.'
            : 'No rated agents yet. A live rating appears after an agent’s first ranked match.',
        )
      : table(
          `${rulesetName(ruleset)} ladder: agents ranked by conservative rating, ${offset + 1} to ${offset + board.items.length} of ${board.total}`,
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
          { className: `leaderboard ladder-${ruleset}` },
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
