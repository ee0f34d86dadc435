import { isSeatableByOthers } from '@coup/transports';
import { call } from './api';
import { h } from './dom';
import { rulesetName } from './rulesets';
import type { Account, Agent } from './types';

// Choosing opponents (a table at /play, a prompt experiment): house agents, the account's own agents, and
// other owners' agents that allow challenges, as checkboxes in three groups. `preselect` ticks an agent
// (an agent page's "Play against it").

export interface OpponentPicker {
  el: HTMLElement[];
  /** The ticked agents' ids, in the order listed. */
  chosen(): string[];
  /**
   * Offers only the agents that play `ruleset` (an agent is only ever seated in a match of a ruleset it
   * plays): the others are unticked and disabled, marked with the rulesets they do play.
   */
  only(ruleset: string): void;
}

export async function opponentPicker(
  me: Account,
  signal: AbortSignal,
  o: { preselect?: string | null; onChange?: () => void; name?: string } = {},
): Promise<OpponentPicker> {
  const list = (q: Record<string, string | number>) =>
    call('GET /agents', { query: { status: 'active', limit: 100, ...q }, signal }).then((p) =>
      p.items.filter(isSeatableByOthers),
    );
  const [house, mine, open] = await Promise.all([
    list({ house: 'true' }),
    list({ owner: me.id }),
    list({ allowChallenges: 'true' }),
  ]);
  const others = open.filter((a) => a.owner.id !== me.id && !a.isHouse);
  const boxes: HTMLInputElement[] = [];
  const plays = new Map<HTMLInputElement, { rulesets: readonly string[]; mark: HTMLElement }>();
  const group = (title: string, agents: readonly Agent[], empty: string) =>
    h(
      'fieldset',
      { class: 'opponents' },
      h('legend', null, title),
      agents.length === 0
        ? h('p', { class: 'muted small' }, empty)
        : h(
            'ul',
            { class: 'plain' },
            agents.map((a) => {
              const box = h('input', {
                type: 'checkbox',
                name: o.name ?? 'opponent',
                value: a.id,
                checked: a.id === o.preselect,
              });
              if (o.onChange) box.addEventListener('change', o.onChange);
              boxes.push(box);
              const mark = h('span', { class: 'muted small plays-rulesets', hidden: true });
              plays.set(box, { rulesets: a.rulesets, mark });
              return h('li', null, h('label', { class: 'check' }, box, ` ${a.name}`, mark));
            }),
          ),
    );
  return {
    el: [
      group('House agents', house, 'No house agents on this platform.'),
      group('Your agents', mine, 'You have no active agents.'),
      group('Agents open to challenges', others, 'No other agent allows challenges yet.'),
    ],
    chosen: () => boxes.filter((b) => b.checked && !b.disabled).map((b) => b.value),
    only(ruleset) {
      for (const [box, { rulesets, mark }] of plays) {
        const ok = rulesets.includes(ruleset);
        box.disabled = !ok;
        if (!ok) box.checked = false;
        mark.hidden = ok;
        mark.textContent = ok ? '' : ` (plays ${rulesets.map(rulesetName).join(', ')} only)`;
      }
    },
  };
}
