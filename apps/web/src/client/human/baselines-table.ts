import { h, table, td, tdNum } from '../dom';
import { fmt, pct } from '../format';
import { rulesetName } from '../rulesets';
import type { HumanBaselines } from '../types';

// The human baselines of a dataset as tables: the headline rates, the action mix, claims and bluffs per
// role, and win rates by seat. Figures of one game type, over all players or humans only.

type Figures = HumanBaselines['byGameType']['original']['all'];

const ratio = (n: number, d: number) => `${fmt(n)} of ${fmt(d)}`;

export function headlineTable(f: Figures, caption: string): HTMLElement {
  /** A figure: its rate, the decisions it counted out of, and the games those came from. */
  const row = (
    label: string,
    key: keyof Figures['basis'],
    rate: number | null,
    detail: string,
    note: string,
  ) =>
    h(
      'tr',
      null,
      td(label),
      tdNum(pct(rate)),
      tdNum(detail),
      tdNum(fmt(f.basis[key].games)),
      td(h('span', { class: 'muted small' }, note)),
    );
  return table(
    caption,
    [
      'Figure',
      { label: 'Rate', numeric: true },
      { label: 'Counted', numeric: true },
      { label: 'Games', numeric: true },
      'Meaning',
    ],
    [
      row(
        'Bluff rate',
        'bluffRate',
        f.bluffRate,
        ratio(f.bluffs, f.known),
        'claims of a role not held face-down',
      ),
      row(
        'Challenge rate',
        'challengeRate',
        f.challengeRate,
        ratio(f.challenges, f.challengeChances),
        'challenges per chance to challenge',
      ),
      row(
        'Claims challenged',
        'claimChallengeRate',
        f.claimChallengeRate,
        ratio(f.challenges, f.challengeableClaims),
        'challengeable claims that someone challenged',
      ),
      row(
        'Challenge success',
        'challengeSuccess',
        f.challengeSuccess,
        ratio(f.challengesWon, f.challenges),
        'challenges that caught a bluff',
      ),
      row(
        'Block rate',
        'blockRate',
        f.blockRate,
        ratio(f.blocks, f.blockChances),
        'blocks per chance to block',
      ),
      row(
        'Blocks challenged and caught',
        'blockChallengeSuccess',
        f.blockChallengeSuccess,
        ratio(f.blockChallengesWon, f.blockChallenges),
        'challenged blocks that were bluffs',
      ),
    ],
    { className: 'baselines' },
  );
}

export function actionMixTable(f: Figures): HTMLElement {
  const rows = Object.entries(f.actionMix)
    .filter(([, v]) => v.count > 0)
    .sort(([, a], [, b]) => b.count - a.count)
    .map(([action, v]) => h('tr', null, td(action), tdNum(fmt(v.count)), tdNum(pct(v.share))));
  return table(
    'Action mix',
    ['Action', { label: 'Count', numeric: true }, { label: 'Share', numeric: true }],
    rows,
  );
}

export function rolesTable(f: Figures): HTMLElement {
  const rows = Object.entries(f.roles)
    .filter(([, r]) => r.claims > 0)
    .map(([role, r]) =>
      h(
        'tr',
        null,
        td(role),
        tdNum(fmt(r.actionClaims)),
        tdNum(fmt(r.blockClaims)),
        tdNum(fmt(r.bluffs)),
        tdNum(pct(r.bluffRate)),
      ),
    );
  return table(
    'Claims and bluffs per role',
    [
      'Role',
      { label: 'Action claims', numeric: true },
      { label: 'Block claims', numeric: true },
      { label: 'Bluffs', numeric: true },
      { label: 'Bluff rate', numeric: true },
    ],
    rows,
  );
}

export function winRatesTable(f: Figures): HTMLElement {
  const rows = f.winRates.map((w) =>
    h(
      'tr',
      null,
      tdNum(w.playerCount),
      tdNum(fmt(w.games)),
      td(w.seats.map((s) => `seat ${s.seat}: ${pct(s.winRate)}`).join(' · ')),
    ),
  );
  return table(
    'Win rate by seat and player count',
    [{ label: 'Players', numeric: true }, { label: 'Games', numeric: true }, 'Win rate by seat'],
    rows,
  );
}

export function baselinesSection(b: HumanBaselines): HTMLElement {
  const section = h('div', { class: 'baselines-all' });
  for (const [type, g] of Object.entries(b.byGameType)) {
    if (g.games === 0) continue;
    const f = g.humans;
    section.append(
      h('h3', null, `${rulesetName(type)} games (${fmt(g.games)}, ${fmt(g.gamesWithHumans)} with people)`),
      h(
        'p',
        { class: 'muted small' },
        `People's decisions only, in the ${fmt(f.games)} games with people (computer players, "ai", left out; ` +
          'a seat whose id the archive lost is a person who left). Each figure says how many decisions ' +
          '("Counted") and games it rests on.',
      ),
      headlineTable(f, `Human baselines, ${rulesetName(type)} games`),
      actionMixTable(f),
      rolesTable(f),
      winRatesTable(f),
    );
  }
  return section;
}
