import { h, link } from './dom';
import { ordinal } from './format';

/** Places, best first, with tied seats together. */
export function rankingList(
  ranking: readonly number[][],
  names: readonly string[],
  agentIds?: readonly (string | undefined)[],
): HTMLElement {
  let place = 1;
  const items = ranking.map((seats) => {
    const p = place;
    place += seats.length;
    return h(
      'li',
      { class: p === 1 ? 'winner' : null },
      h('span', { class: 'place' }, `${ordinal(p)}${seats.length > 1 ? ' (tied)' : ''}`),
      ' ',
      seats.map((s, i) => {
        const name = names[s] ?? `seat ${s}`;
        const id = agentIds?.[s];
        return [
          i > 0 ? ' and ' : '',
          id ? link(`/agents/${id}`, name) : name,
          h('span', { class: 'muted' }, ` (seat ${s})`),
        ];
      }),
    );
  });
  return h('ol', { class: 'ranking', 'aria-label': 'Final ranking' }, items);
}
