import { isPersonSeat, isSeatableByOthers } from '@coup/transports';
import { call } from '../api';
import { currentAccount } from '../account-forms';
import { ownerPanel } from '../agent-owner/panel';
import { h, note } from '../dom';
import { houseBadge, liveRatingBadge, provisionalBadge, statusBadge } from '../badges';
import { ratingChart } from '../chart';
import { fmt, money, pct, when } from '../format';
import { humanComparison } from '../human/profile-comparison';
import { houseMarksSection } from '../house-marks';
import { agentCalls, modelList } from '../owner-calls';
import { ownerUsage } from '../owner-usage';
import { MATCH_HEADERS, matchRow } from '../match-row';
import { cursorTable } from '../paged';
import { render } from '../router';
import type { PageContext } from '../router';
import type { Agent, BehaviourStats } from '../types';
import { rulesetName } from '../rulesets';
import { otherRulesetSections } from '../ruleset-profile';

import { behaviourFigures, stat } from '../behaviour-figures';

function ratingSection(a: Agent): HTMLElement {
  const r = a.rating;
  if (!r || r.games === 0)
    return note('Not rated yet: a rating shows after its first ranked match (casual matches never count).');
  const stats = h(
    'dl',
    { class: 'stats' },
    stat('Rating', fmt(r.rating), 'Glicko-2 rating'),
    stat('RD', fmt(r.rd), 'Rating deviation: the uncertainty of the rating'),
    stat('Conservative', fmt(r.conservative), 'rating − 2·RD: what the leaderboard is ordered by'),
    stat('Games', String(r.games)),
    stat('Wins', String(r.wins)),
    stat('Win rate', pct(r.games > 0 ? r.wins / r.games : null)),
  );
  if (!r.live) return stats;
  return h(
    'div',
    null,
    h(
      'p',
      { class: 'muted small live-rating' },
      liveRatingBadge(r.asOf),
      ` With this rating period's ranked matches so far (latest ${when(r.asOf)}): the stored rating `,
      'replaces it when the period closes.',
    ),
    stats,
  );
}

function behaviourSection(s: BehaviourStats | undefined, currency: string): HTMLElement {
  if (!s || s.matches === 0)
    return note('No finished ranked matches to compute behaviour from yet (casual matches never count).');
  return h(
    'div',
    null,
    behaviourFigures(s),
    h(
      'p',
      { class: 'muted small' },
      `From ${s.decisions} decisions in the latest ${s.matches} finished ranked matches.`,
    ),
    s.llm ? llmSection(s.llm, currency) : null,
  );
}

/** A hosted llm agent's model usage: tokens per decision and, where the operator set prices, cost per match. */
function llmSection(l: NonNullable<BehaviourStats['llm']>, currency: string): HTMLElement {
  return h(
    'div',
    { class: 'llm-usage' },
    h('h3', null, 'Language model'),
    h(
      'dl',
      { class: 'stats' },
      stat(
        'Prompt tokens / decision',
        fmt(l.promptTokensPerDecision, 1),
        'Tokens sent to the model per decision',
      ),
      stat(
        'Completion tokens / decision',
        fmt(l.completionTokensPerDecision, 1),
        'Tokens the model answered per decision',
      ),
      stat(
        'Retries / decision',
        fmt(l.retriesPerDecision, 2),
        'Calls beyond the first: rate-limit backoffs and corrective retries',
      ),
      stat(
        'Cost / match',
        money(l.costPerMatch, currency),
        `At the operator's prices per million tokens (LLM_MODELS), in ${currency}; – when none are set`,
      ),
    ),
  );
}

export async function agentPage(ctx: PageContext): Promise<void> {
  const id = ctx.params.id ?? '';
  // Signed in, the agent is read with the key: its owner then gets the owner's fields (endpoint, prompt,
  // why it left the queue) and the controls to run it.
  const account = await currentAccount(ctx.signal);
  const a = await agentCalls.get(account?.key ?? null, id, ctx.signal);
  ctx.setTitle(a.name);
  const owner =
    account && account.me.id === a.owner.id && !a.isHouse && !isPersonSeat(a) && !a.deleted ? account : null;
  const history = a.ratingHistory ?? [];
  const currency = a.stats?.llm ? ((await modelList().catch(() => null))?.currency ?? '') : '';
  const [panel, matches] = await Promise.all([
    owner ? ownerPanel(owner.key, a, ctx.signal, () => void render()) : null,
    cursorTable({
      page: (cursor) =>
        call('GET /matches', { query: { agent: a.id, limit: 10, cursor }, signal: ctx.signal }),
      caption: `Recent matches of ${a.name}`,
      headers: MATCH_HEADERS,
      row: (m) => matchRow(m, a.id),
      empty: 'No matches yet.',
      signal: ctx.signal,
    }),
  ]);
  const playable = a.status === 'active' && isSeatableByOthers(a) && (a.isHouse || a.allowChallenges);
  ctx.root.append(
    h(
      'header',
      { class: 'page-head' },
      h(
        'h1',
        null,
        a.name,
        ' ',
        a.isHouse ? houseBadge() : null,
        ' ',
        a.rating?.provisional ? provisionalBadge() : null,
        ' ',
        a.rating?.live ? liveRatingBadge(a.rating.asOf) : null,
      ),
      h(
        'p',
        { class: 'muted' },
        isPersonSeat(a)
          ? `${a.owner.name}'s own seat at casual tables (a person, never rated) · since ${when(a.createdAt)} · `
          : `Owner ${a.owner.name} · ${a.modelName ?? 'no model named'} · ${a.transport.toUpperCase()} agent · registered ${when(a.createdAt)} · `,
        statusBadge(a.status),
        isPersonSeat(a) ? '' : ` · plays ${a.rulesets.map(rulesetName).join(', ')}`,
        a.inQueue ? ' · in the ranked queue' : '',
        a.allowChallenges ? ' · open to challenges' : '',
        !owner && playable ? [' · ', h('a', { href: `/play?opponent=${a.id}` }, 'Play against it')] : '',
      ),
      a.statusReason ? h('p', { class: 'note' }, a.statusReason) : null,
    ),
    (owner && ownerUsage(a, owner.me)) ?? '',
    panel ?? '',
    h('section', { 'aria-labelledby': 'h-rating' }, h('h2', { id: 'h-rating' }, 'Rating'), ratingSection(a)),
    houseMarksSection(a) ?? '',
    h(
      'section',
      { 'aria-labelledby': 'h-history' },
      h('h2', { id: 'h-history' }, 'Rating history'),
      history.length >= 2
        ? ratingChart(history, ctx.signal)
        : note(
            history.length === 1
              ? `One rating period so far: ${fmt(history[0]?.rating)}.`
              : 'No rating periods yet.',
          ),
    ),
    h(
      'section',
      { 'aria-labelledby': 'h-behaviour' },
      h('h2', { id: 'h-behaviour' }, 'Behaviour'),
      behaviourSection(a.stats, currency),
    ),
    ...otherRulesetSections(a),
    humanComparison(a) ?? '',
    h('section', { 'aria-labelledby': 'h-matches' }, h('h2', { id: 'h-matches' }, 'Recent matches'), matches),
  );
}
