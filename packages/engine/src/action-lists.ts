import type { Action } from './types';

// Legal-action lists are built once, frozen and shared: the same situation always returns the same
// array, so asking for legal actions allocates nothing in the hot loop (legalActions copies the list).

/** A frozen action (its data and return_indices too): shared lists must never be modified. */
export function frozenAction(a: Action): Action {
  if (a.data) {
    if (a.data.return_indices) Object.freeze(a.data.return_indices);
    Object.freeze(a.data);
  }
  return Object.freeze(a);
}

/**
 * One choice of `type` per face-down slot, indexed by the bitmask of face-down slots (a seat has 2):
 * `lose_card` and `show_card` name a face-down card by its `card_index`.
 */
export function slotChoices(type: 'lose_card' | 'show_card'): readonly (readonly Action[])[] {
  // Lists stay unfrozen: they are never handed out, and frozen arrays are slow to read in V8.
  return Array.from({ length: 4 }, (_, mask) =>
    [0, 1].filter((i) => mask & (1 << i)).map((card_index) => frozenAction({ type, data: { card_index } })),
  );
}
