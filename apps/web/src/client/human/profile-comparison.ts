import { h, link, note, table, td, tdNum } from '../dom';
import { fmt, pct } from '../format';
import type { Agent } from '../types';

// An agent's behaviour figures beside people's (the profile's humanBaseline): "People bluff 31% of their
// claims; this agent 4%", then a table of each shared figure and people's bluff rate per role.

type Comparison = NonNullable<Agent['humanBaseline']>;
type Stats = NonNullable<Agent['stats']>;

const FIGURES = [
  ['bluffRate', 'Bluff rate', 'bluff on', 'of their claims'],
  ['challengeRate', 'Challenge rate', 'challenge', 'of their chances'],
  ['challengeSuccess', 'Challenge success', 'catch a bluff with', 'of their challenges'],
  ['blockRate', 'Block rate', 'block', 'of their chances'],
] as const;

const role = (r: string) => r.charAt(0).toUpperCase() + r.slice(1);

export function humanComparison(a: Agent): HTMLElement | null {
  const b: Comparison | null | undefined = a.humanBaseline;
  if (!b) return null;
  const s: Stats | undefined = a.stats && a.stats.matches > 0 ? a.stats : undefined;
  const sentences = FIGURES.filter(([k]) => b[k] !== null).map(([k, , verb, of]) =>
    h(
      'li',
      null,
      `People ${verb} ${pct(b[k])} ${of}; this agent ${s ? pct(s[k]) : '– (no ranked matches yet)'}.`,
    ),
  );
  const byRole = Object.entries(b.bluffRateByRole).filter(([, v]) => v !== null);
  return h(
    'section',
    { 'aria-labelledby': 'h-people', class: 'human-comparison' },
    h('h2', { id: 'h-people' }, 'Beside people'),
    h('ul', null, [...sentences, ...roleSentences(b, s)]),
    table(
      'This agent and people',
      [
        'Figure',
        { label: 'This agent', numeric: true },
        { label: 'People', numeric: true },
        { label: "People's decisions (games)", numeric: true },
      ],
      FIGURES.map(([k, label]) =>
        h(
          'tr',
          null,
          td(label),
          tdNum(s ? pct(s[k]) : '–'),
          tdNum(pct(b[k])),
          tdNum(`${fmt(b.basis[k].decisions)} (${fmt(b.basis[k].games)})`),
        ),
      ),
      { hideCaption: true, className: 'human-comparison-table' },
    ),
    byRole.length
      ? table(
          'Bluffs per role: the share of claims of the role made without holding it',
          ['Role', { label: 'This agent', numeric: true }, { label: 'People', numeric: true }],
          byRole.map(([r, v]) => {
            const mine = s?.bluffRateByRole?.[r as keyof Stats['bluffRateByRole']] ?? null;
            return h('tr', null, td(role(r)), tdNum(mine === null ? '–' : pct(mine)), tdNum(pct(v)));
          }),
          { className: 'human-comparison-roles' },
        )
      : null,
    note(
      `People's figures: their own decisions (computer players left out) in the ${fmt(b.games)} original games with people of `,
      link(`/datasets/${b.datasetId}`, b.datasetName),
      ', a public archive of human games.',
    ),
  );
}

/** "People bluff Duke 31% of the times they claim it; this agent 4%", for the roles both have claimed. */
function roleSentences(b: Comparison, s: Stats | undefined): HTMLElement[] {
  if (!s) {
    const known = Object.entries(b.bluffRateByRole).filter(([, v]) => v !== null);
    if (!known.length) return [];
    const list = known.map(([r, v]) => `${role(r)} ${pct(v)}`).join(', ');
    return [h('li', null, `People bluff ${list} of the times they claim it.`)];
  }
  return Object.entries(b.bluffRateByRole).flatMap(([r, people]) => {
    const mine = s.bluffRateByRole?.[r as keyof Stats['bluffRateByRole']] ?? null;
    if (people === null || mine === null) return [];
    return [
      h(
        'li',
        null,
        `People bluff ${role(r)} ${pct(people)} of the times they claim it; this agent ${pct(mine)}.`,
      ),
    ];
  });
}
