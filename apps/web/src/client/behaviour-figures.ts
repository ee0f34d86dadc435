import { h } from './dom';
import { ms, pct } from './format';
import type { BehaviourStats } from './types';

// The behaviour figures of an agent's ranked matches as a list of stats: the profile shows them for the
// original game (pages/agent.ts) and for each other ruleset (ruleset-profile.ts).

export const stat = (label: string, value: string, hint?: string) =>
  h('div', { class: 'stat' }, h('dt', { title: hint ?? null }, label), h('dd', null, value));

type Figures = Omit<BehaviourStats, 'bluffRateByRole' | 'llm'>;

/** The figures every ruleset has, then the ruleset's own (`extra`). */
export function behaviourFigures(s: Figures, ...extra: (HTMLElement | null)[]): HTMLElement {
  return h(
    'dl',
    { class: 'stats' },
    stat('Bluff rate', pct(s.bluffRate), 'Role claims (actions and blocks) made without holding the role'),
    stat('Challenge rate', pct(s.challengeRate), 'Challenges per chance to challenge'),
    stat('Challenge success', pct(s.challengeSuccess), 'Resolved challenges that caught a bluff'),
    stat('Block rate', pct(s.blockRate), 'Blocks per chance to block'),
    stat('Fault rate', pct(s.faultRate), 'Faulted decisions (timeouts, bad answers) per decision'),
    stat('Latency p50', ms(s.latencyP50Ms), 'Median time to answer a decision'),
    stat('Latency p95', ms(s.latencyP95Ms), '95th percentile of the time to answer'),
    ...extra,
  );
}
