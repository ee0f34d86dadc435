import { currentAccount } from '../account-forms';
import { call } from '../api';
import { h, link, note, table, td, tdNum } from '../dom';
import { statusBadge } from '../badges';
import { fmt, pct, when } from '../format';
import { differenceChart } from '../experiment-chart';
import { cancelControl } from '../experiment-cancel';
import { render } from '../router';
import type { PageContext } from '../router';
import { rulesetBadge } from '../rulesets';
import type { Experiment, PairedDifference } from '../types';
import { differenceText, experimentBadge, percent, significanceBadge } from './experiments';

// One prompt experiment: each prompt's win rate and mean place, each prompt against the first (paired by
// deal, 95% intervals) with a chart of how the difference settles as deals accumulate, and every deal's
// matches. A running experiment's page refreshes itself; its owner can cancel it there.

const REFRESH_MS = 3000;

function promptsTable(e: Experiment): HTMLElement {
  return table(
    'Prompts',
    [
      'Prompt',
      { label: 'Deals', numeric: true },
      { label: 'Wins', numeric: true },
      { label: 'Win rate', numeric: true },
      { label: 'Mean place', numeric: true },
      'Agent',
    ],
    e.prompts.map((p) =>
      h(
        'tr',
        null,
        td(h('strong', null, p.label), p.index === 0 ? ' (baseline)' : null),
        tdNum(p.deals),
        tdNum(p.wins),
        tdNum(pct(p.winRate)),
        tdNum(fmt(p.meanPlace, 2)),
        td(link(`/agents/${p.agentId}`, h('code', null, p.agentId))),
      ),
    ),
    { className: 'experiment-prompts', hideCaption: true },
  );
}

/** Progress while it runs: deals complete of planned, and the matches being played now. */
function progressView(e: Experiment): HTMLElement {
  const p = e.progress;
  const text =
    `${p.dealsComplete} of ${p.dealsPlanned} deals complete · ${p.matchesFinished} of ${p.matchesPlanned} ` +
    `matches played` +
    (e.status === 'running' ? ` · ${p.matchesActive} queued or playing now` : '') +
    (p.matchesAborted ? ` · ${p.matchesAborted} aborted` : '');
  return h(
    'div',
    { class: 'experiment-progress' },
    h('progress', {
      max: Math.max(1, p.dealsPlanned),
      value: p.dealsComplete,
      'aria-label': 'Deals complete',
    }),
    h('p', { class: 'muted small', role: 'status' }, text),
  );
}

/**
 * A note under the differences when an interval is exactly [0, 0]: every complete deal gave the prompts the
 * same result, so the deals cannot tell them apart yet; it is not a measured "no difference".
 */
function zeroIntervalNote(e: Experiment): HTMLElement | null {
  const zero = (d: PairedDifference) => d.ciLow === 0 && d.ciHigh === 0;
  const which = e.comparisons.flatMap((c) => {
    const measures = [zero(c.winRate) ? 'win rate' : null, zero(c.meanPlace) ? 'mean place' : null];
    const named = measures.filter((m): m is string => m !== null);
    return named.length
      ? [`${e.prompts[c.prompt]?.label ?? `prompt ${c.prompt + 1}`}: ${named.join(', ')}`]
      : [];
  });
  if (which.length === 0) return null;
  const base = e.prompts[0]?.label ?? 'the baseline';
  return note(
    `An interval of exactly [0, 0] (${which.join('; ')}): in every complete deal so far the prompt did ` +
      `exactly as well as ${base} on that measure, so the per-deal differences are all 0 and have no ` +
      'spread. It says the deals have not told them apart yet, not that they play the same: it widens as ' +
      'soon as a deal differs, and more deals give a real interval.',
  );
}

function comparisonsTable(e: Experiment): HTMLElement {
  const base = e.prompts[0]?.label ?? 'the first prompt';
  return table(
    `Against ${base}, paired by deal (${Math.round(e.confidence * 100)}% confidence intervals)`,
    ['Prompt', 'Win rate difference', '', 'Mean place difference', ''],
    e.comparisons.map((c) =>
      h(
        'tr',
        null,
        td(h('strong', null, e.prompts[c.prompt]?.label ?? c.prompt + 1)),
        td(differenceText(c.winRate, percent)),
        td(significanceBadge(c.winRate)),
        td(differenceText(c.meanPlace, (x) => x.toFixed(2))),
        td(significanceBadge(c.meanPlace)),
      ),
    ),
    { className: 'experiment-comparisons' },
  );
}

function dealsTable(e: Experiment): HTMLElement {
  return table(
    'Deals: the place of each prompt (1 = won), linked to its match',
    [{ label: 'Deal', numeric: true }, { label: 'Seat', numeric: true }, ...e.prompts.map((p) => p.label)],
    e.dealResults.map((d) =>
      h(
        'tr',
        null,
        tdNum(d.deal + 1),
        tdNum(d.rotation),
        d.matches.map((m) =>
          td(
            link(`/matches/${m.matchId}`, m.place !== null ? `${m.place}` : null),
            m.place === null ? statusBadge(m.status) : null,
          ),
        ),
      ),
    ),
    { className: 'experiment-deals' },
  );
}

export async function experimentPage(ctx: PageContext): Promise<void> {
  const id = ctx.params.id ?? '';
  const e = await call('GET /experiments/:id', { params: { id }, signal: ctx.signal });
  ctx.setTitle(e.name);
  const p = e.progress;
  const facts = [
    `model ${e.modelName}`,
    `${e.seatsPerMatch} seats`,
    `${p.dealsComplete} of ${e.deals} deals complete` +
      (p.dealsExcluded ? ` (${p.dealsExcluded} left out)` : ''),
    `by ${e.owner.name}`,
    `created ${when(e.createdAt)}`,
    ...(e.finishedAt ? [`${e.status === 'cancelled' ? 'cancelled' : 'finished'} ${when(e.finishedAt)}`] : []),
  ];
  const account = e.status === 'running' ? await currentAccount(ctx.signal) : null;
  const cancel =
    account && account.me.id === e.owner.id
      ? cancelControl(e, account.key, ctx.signal, () => void render())
      : null;
  ctx.root.append(
    h('h1', null, e.name, ' ', experimentBadge(e.status), ' ', rulesetBadge(e.ruleset)),
    h('p', { class: 'muted' }, facts.join(' · ')),
    progressView(e),
    cancel ?? '',
    h(
      'p',
      null,
      'Against ',
      e.opponents.map((o, i) => [i > 0 ? ', ' : '', link(`/agents/${o.id}`, o.name)]),
      '. Every deal is played once per prompt with the same opponents in the same seats; the prompt’s seat ' +
        'rotates from deal to deal. Never rated.',
    ),
    h(
      'section',
      { 'aria-labelledby': 'h-prompts' },
      h('h2', { id: 'h-prompts' }, 'Prompts'),
      promptsTable(e),
    ),
  );
  if (e.comparisons.length > 0) {
    const labels = e.prompts.map((x) => x.label);
    ctx.root.append(
      h(
        'section',
        { 'aria-labelledby': 'h-differences' },
        h('h2', { id: 'h-differences' }, 'Differences'),
        comparisonsTable(e),
        zeroIntervalNote(e),
        p.dealsComplete > 0
          ? differenceChart(e.comparisons, labels, ctx.signal)
          : note('The chart appears once a deal is complete.'),
      ),
    );
  }
  ctx.root.append(
    h(
      'section',
      { 'aria-labelledby': 'h-deals' },
      h('h2', { id: 'h-deals' }, 'Deals'),
      e.dealResults.length ? dealsTable(e) : note('No deal has started yet.'),
      e.seed !== null
        ? h('p', { class: 'muted small' }, `Seed ${e.seed}: deal d is dealt from “${e.seed}:d”.`)
        : null,
    ),
  );
  if (e.status === 'running') {
    let timer: ReturnType<typeof setTimeout>;
    // Not while its owner is confirming a cancellation: a refresh would drop the question.
    const refresh = () => {
      if (cancel?.querySelector('[data-asking]')) timer = setTimeout(refresh, REFRESH_MS);
      else void render();
    };
    timer = setTimeout(refresh, REFRESH_MS);
    ctx.signal.addEventListener('abort', () => clearTimeout(timer));
  }
}
