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
    h('ul', null, sentences),
    table(
      'This agent and people',
      ['Figure', { label: 'This agent', numeric: true }, { label: 'People', numeric: true }],
      FIGURES.map(([k, label]) => h('tr', null, td(label), tdNum(s ? pct(s[k]) : '–'), tdNum(pct(b[k])))),
      { hideCaption: true, className: 'human-comparison-table' },
    ),
    byRole.length
      ? h(
          'p',
          null,
          'People bluff ',
          byRole.map(([r, v]) => `${role(r)} ${pct(v)}`).join(', '),
          ' of the times they claim it.',
        )
      : null,
    note(
      `People's figures: their own decisions (computer players left out) in ${fmt(b.games)} original games of `,
      link(`/datasets/${b.datasetId}`, b.datasetName),
      ', a public archive of human games.',
    ),
  );
}
