import type { Action, GameState, Role } from '../types';
import { applyChoice } from './helpers';
import type { Choice } from './helpers';
import { shuffleBy } from '@coup/random';

// The hidden-information property (RULES.md "What a seat sees"): two games that a seat could not tell
// apart at a table must look the same to it, step after step. hiddenTwin builds, for one decision, a
// state that differs from the real one only in what the observer cannot know, and the same decision in
// it; tests apply both and compare what the observer is sent.

/** What a twin changed, so tests can count that the interesting cases happen. */
export interface TwinStats {
  /** Some other seat's hidden card got another role, or a deck card moved. */
  rolesMoved: boolean;
  /** Some other seat's cards changed slots. */
  slotsMoved: boolean;
  /** The step shows a card (a true claim) and the shower's other cards were in the pool. */
  shownWithOthersSwapped: boolean;
}

export interface Twin {
  state: GameState;
  /** The same decision as in the real game; a lose_card names the same card in its new slot. */
  choice: Choice;
  stats: TwinStats;
}

interface Pos {
  get(): Role;
  set(r: Role): void;
}

/**
 * A twin of `s` for `observer` (a seat, or null for a spectator) before `choice` is applied.
 *
 * Changed: the roles of the cards the observer cannot see, permuted together (other seats' face-down
 * cards, the deck, the drawn cards of another seat's exchange), and the slot order of each other seat's
 * cards (slots are private to their seat). Kept: whatever the step itself makes public, since the same
 * decision must be legal and mean the same in both games:
 * - the card a lose_card reveals, and every face-down card of a forfeiting seat (they may move slot);
 * - a challenged claim's truth: a true claim keeps one card of the claimed role (the one shown) while
 *   the claimant's other cards join the pool; a false claim keeps the claimant's cards;
 * - the deck, when the observer draws from it in this step (its replacement card, its exchange, the card
 *   a forced exchange after an interrogation gives it);
 * - an interrogation's shown card, for the interrogator (show_card shows it, interrogate_decide names it).
 * An exchanging seat waiting to return cards keeps its slot order (return_indices count slots); a show_card
 * names the same card in its new slot, and an interrogation's shown slot follows its card.
 */
export function hiddenTwin(
  s: GameState,
  choice: Choice,
  observer: number | null,
  pick: (n: number) => number,
): Twin {
  const step = applyChoice(s, choice).events;
  const v = JSON.parse(JSON.stringify(s)) as GameState;
  const pinned = v.players.map(() => new Set<number>());
  const action = choice.action === 'forfeit' ? null : choice.action;
  const faceDown = (seat: number) =>
    (v.players[seat]?.cards ?? []).flatMap((c, slot) => (c.revealed ? [] : [slot]));

  if (choice.action === 'forfeit') for (const slot of faceDown(choice.seat)) pinned[choice.seat]!.add(slot);
  if (action?.type === 'lose_card') pinned[choice.seat]!.add(action.data?.card_index as number);
  // An interrogation shows a card to the interrogator only: pinned for it, free for everyone else.
  const interrogator = s.pending?.actor;
  const interrogated = s.pending?.target;
  if (action?.type === 'show_card' && observer === interrogator)
    pinned[choice.seat]!.add(action.data?.card_index as number);
  if (s.phase === 'interrogate_decide' && observer === interrogator)
    pinned[interrogated as number]!.add(s.shownSlot as number);
  let shown = false;
  for (const e of step) {
    if (e.type !== 'challenged') continue;
    const held = faceDown(e.challenged).filter(
      (slot) => v.players[e.challenged]!.cards[slot]!.role === e.claim,
    );
    if (e.truthful) {
      pinned[e.challenged]!.add(held[0] as number);
      shown = e.challenged !== observer && faceDown(e.challenged).length > 1;
    } else for (const slot of faceDown(e.challenged)) pinned[e.challenged]!.add(slot);
  }
  const observerDraws = step.some(
    (e) =>
      ((e.type === 'card_shown' || e.type === 'exchange_drawn') && e.seat === observer) ||
      (e.type === 'interrogation_decided' && e.forced && e.target === observer),
  );
  const exchanger = s.phase === 'exchange_return' ? s.activeSeat : null;

  // Roles: every position the observer cannot see, except the pinned ones, shuffled together.
  const pool: Pos[] = [];
  v.players.forEach((p, seat) => {
    if (seat === observer) return;
    p.cards.forEach((c, slot) => {
      if (!c.revealed && !pinned[seat]!.has(slot)) pool.push({ get: () => c.role, set: (r) => (c.role = r) });
    });
  });
  if (!observerDraws)
    v.deck.forEach((_, i) => pool.push({ get: () => v.deck[i]!, set: (r) => (v.deck[i] = r) }));
  if (exchanger !== observer)
    v.drawn.forEach((_, i) => pool.push({ get: () => v.drawn[i]!, set: (r) => (v.drawn[i] = r) }));
  const before = pool.map((x) => x.get());
  const roles = shuffleBy([...before], pick);
  pool.forEach((x, i) => x.set(roles[i]!));

  // Slots: each other seat's cards in a random order (revealed ones too); decisions follow their card.
  let mapped: Action | 'forfeit' = choice.action;
  let slotsMoved = false;
  v.players.forEach((p, seat) => {
    if (seat === observer || seat === exchanger || p.cards.length < 2 || pick(2) === 0) return;
    const order = p.cards.map((_, i) => i).reverse(); // new slot k holds old card order[k]
    p.cards = order.map((i) => p.cards[i]!);
    slotsMoved = true;
    if (seat === choice.seat && (action?.type === 'lose_card' || action?.type === 'show_card')) {
      mapped = { type: action.type, data: { card_index: order.indexOf(action.data?.card_index as number) } };
    }
    if (seat === interrogated && typeof v.shownSlot === 'number') v.shownSlot = order.indexOf(v.shownSlot);
  });

  return {
    state: v,
    choice: { seat: choice.seat, action: mapped },
    stats: {
      rolesMoved: roles.some((r, i) => r !== before[i]),
      slotsMoved,
      shownWithOthersSwapped: shown,
    },
  };
}
