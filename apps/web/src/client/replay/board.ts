import { h } from '../dom';
import { roleName } from './describe';
import type { CardView } from './model';

// The table: one panel per seat with its coins and cards. A face-down card the viewer may not see is a
// card back; a revealed (lost) card is shown crossed out.

export interface BoardSeat {
  seat: number;
  name: string;
  coins: number;
  cards: CardView[];
  eliminated: boolean;
  active?: boolean;
  /** The badge of the active seat: "to act" live, "acting" in a replay's turn. */
  activeLabel?: string;
  you?: boolean;
  /** The badge of the viewer's seat: "this view" in a replay, "you" at a person's table. */
  youLabel?: string;
  place?: number | null;
  /** Label the cards with their slots (`card_index`): only where the view knows the slot order. */
  slots?: boolean;
}

/**
 * A card's slot as the platform numbers it everywhere (the prompt, `lose_card`'s card_index, the replay):
 * from 0, like seats.
 */
const slotLabel = (slot: number | undefined) =>
  slot === undefined ? null : h('span', { class: 'slot' }, `slot ${slot}`);

/** One card: a role when the viewer knows it, crossed out once revealed, else a card back. */
export function cardEl(c: CardView, slot?: number): HTMLElement {
  if (c.revealed && c.role) {
    return h(
      'li',
      { class: `card revealed role-${c.role}`, 'data-role': c.role },
      h('span', { class: 'visually-hidden' }, 'Lost: '),
      roleName(c.role),
      slotLabel(slot),
    );
  }
  if (c.role) {
    return h(
      'li',
      { class: `card face-down known role-${c.role}`, 'data-role': c.role },
      h('span', { class: 'visually-hidden' }, 'Face-down: '),
      roleName(c.role),
      slotLabel(slot),
    );
  }
  return h('li', { class: 'card face-down hidden', 'aria-label': 'Face-down card, hidden' }, '?');
}

export function seatPanel(s: BoardSeat): HTMLElement {
  const classes = ['seat', s.eliminated ? 'eliminated' : '', s.active ? 'active' : '', s.you ? 'you' : '']
    .filter(Boolean)
    .join(' ');
  return h(
    'article',
    { class: classes, 'data-seat': s.seat, 'aria-label': `Seat ${s.seat}: ${s.name}` },
    h(
      'header',
      null,
      h('h3', null, s.name),
      h(
        'p',
        { class: 'seat-meta' },
        `Seat ${s.seat}`,
        s.you ? h('span', { class: 'badge info' }, s.youLabel ?? 'this view') : null,
        s.active && !s.eliminated ? h('span', { class: 'badge live' }, s.activeLabel ?? 'to act') : null,
        s.eliminated ? h('span', { class: 'badge bad' }, 'eliminated') : null,
      ),
    ),
    h(
      'p',
      { class: 'coins' },
      h('span', { class: 'coin', 'aria-hidden': 'true' }),
      `${s.coins} coin${s.coins === 1 ? '' : 's'}`,
    ),
    h(
      'ul',
      { class: 'cards', 'aria-label': 'Cards' },
      s.cards.map((c, i) => cardEl(c, s.slots ? i : undefined)),
    ),
  );
}

export function board(seats: readonly BoardSeat[], label: string): HTMLElement {
  return h('section', { class: 'board', 'aria-label': label }, seats.map(seatPanel));
}
