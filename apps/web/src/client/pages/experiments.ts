import { call } from '../api';
import { h, link, td, tdNum } from '../dom';
import { badge } from '../badges';
import { when } from '../format';
import { cursorTable } from '../paged';
import type { PageContext } from '../router';
import { rulesetBadge } from '../rulesets';
import type { PairedDifference } from '../types';

// Prompt experiments: one model, several strategy prompts, each deal played once per prompt against the
// same opponents; the list shows each one's progress and how its prompts compare with the first.

const statusKind: Record<string, string> = { running: 'live', finished: 'ok', cancelled: 'warn' };

export const experimentBadge = (status: string) => badge(status, statusKind[status] ?? '');

const signed = (x: number, f: (v: number) => string) => (x > 0 ? `+${f(x)}` : f(x));

/** "+54.2% [+33.1%, +75.2%]": a paired difference and its 95% interval (– before any deal). */
export function differenceText(d: PairedDifference, f: (v: number) => string): string {
  if (d.difference === null) return '–';
  const ci = d.ciLow !== null && d.ciHigh !== null ? ` [${signed(d.ciLow, f)}, ${signed(d.ciHigh, f)}]` : '';
  return `${signed(d.difference, f)}${ci}`;
}

export const percent = (x: number) => `${(x * 100).toFixed(1)}%`;

export const significanceBadge = (d: PairedDifference) =>
  d.significant
    ? badge('significant', 'ok', 'The 95% confidence interval does not hold 0')
    : badge('not significant', '', 'The 95% confidence interval holds 0 (or too few deals)');

export async function experimentsPage(ctx: PageContext): Promise<void> {
  ctx.setTitle('Experiments');
  const owner = ctx.query.get('owner');
  ctx.root.append(
    h('h1', null, 'Prompt experiments'),
    h(
      'p',
      { class: 'muted' },
      'One model, several strategy prompts: every deal is played once per prompt against the same opponents ' +
        'in the same seats, so the prompts are compared on the same cards. ',
      h('a', { href: '/experiments/new', class: 'button primary' }, 'New experiment'),
      ' (or ',
      h('code', null, 'POST /v1/experiments'),
      ', ',
      h('code', null, 'coup platform experiments create'),
      ').',
    ),
  );
  const list = await cursorTable({
    page: (cursor) => call('GET /experiments', { query: { owner, limit: 25, cursor }, signal: ctx.signal }),
    caption: 'Prompt experiments, newest first',
    headers: [
      'Experiment',
      'Owner',
      'Status',
      'Model',
      'Prompts',
      { label: 'Deals', numeric: true },
      'Win rate against the first',
      'Created',
    ],
    row: (e) =>
      h(
        'tr',
        null,
        td(link(`/experiments/${e.id}`, e.name), ' ', rulesetBadge(e.ruleset)),
        td(e.owner.name),
        td(experimentBadge(e.status)),
        td(e.modelName),
        td(e.prompts.map((p) => p.label).join(', ')),
        tdNum(`${e.progress.dealsComplete} of ${e.deals}`),
        td(
          e.comparisons.map((c) =>
            h(
              'div',
              null,
              `${e.prompts[c.prompt]?.label ?? c.prompt + 1}: ${differenceText(c.winRate, percent)} `,
              c.winRate.significant ? significanceBadge(c.winRate) : null,
            ),
          ),
        ),
        td(when(e.createdAt)),
      ),
    empty: 'No experiments yet.',
    signal: ctx.signal,
  });
  ctx.root.append(list);
}
