import type { Draft as Step, Ruleset } from './rulesets/ruleset';
import type { Card, GameEvent, GameState, PlayerState } from './types';

// Copy-on-write over one step: the input state is never modified. Only the top-level object, the
// players that change and the deck when it changes are copied, which keeps a step cheap.
export class Draft implements Step {
  readonly s: GameState;
  readonly events: GameEvent[] = [];
  private copiedPlayers = 0; // bitmask of seats whose player object is already a copy in this step
  private copiedCards = 0; // bitmask of seats whose cards are already copies as well
  private deckCopied = false;

  /** A step from `state`, played by `rules` (rulesetOf(state)). */
  constructor(
    state: GameState,
    readonly rules: Ruleset,
  ) {
    this.s = cloneTop(state);
  }

  /** A writable copy of a seat's state (its cards array included). */
  player(seat: number): PlayerState {
    const bit = 1 << seat;
    if ((this.copiedCards & bit) === 0) {
      const p = this.own(seat, bit);
      p.cards = copyCards(p.cards);
      this.copiedCards |= bit;
    }
    return this.s.players[seat] as PlayerState;
  }

  /** Adds `delta` to a seat's coins (its cards stay shared with the input state: nothing copies them). */
  addCoins(seat: number, delta: number): void {
    this.own(seat, 1 << seat).coins += delta;
  }

  /** The seat's player object, copied once per step; its cards array may still be the input's. */
  private own(seat: number, bit: number): PlayerState {
    if ((this.copiedPlayers & bit) === 0) {
      if (this.copiedPlayers === 0) this.s.players = this.s.players.slice();
      const p = this.s.players[seat] as PlayerState;
      this.s.players[seat] = { coins: p.coins, cards: p.cards, eliminated: p.eliminated };
      this.copiedPlayers |= bit;
    }
    return this.s.players[seat] as PlayerState;
  }

  /** Read-only access to a seat's current state. */
  peek(seat: number): Readonly<PlayerState> {
    return this.s.players[seat] as PlayerState;
  }

  deck(): GameState['deck'] {
    if (!this.deckCopied) {
      this.s.deck = this.s.deck.slice();
      this.deckCopied = true;
    }
    return this.s.deck;
  }

  emit(event: GameEvent): void {
    this.events.push(event);
  }

  get over(): boolean {
    return this.s.phase === 'game_over';
  }
}

/** Copies of a seat's cards (a hand holds 2: no callback, no iterator). */
function copyCards(cards: readonly Card[]): Card[] {
  const out: Card[] = [];
  for (let i = 0; i < cards.length; i++) {
    const c = cards[i] as Card;
    out.push({ role: c.role, revealed: c.revealed });
  }
  return out;
}

/**
 * A shallow copy with every field listed, so all states of a shape share one hidden class (faster than
 * spread). A game whose rules interrogate has `shownSlot` as well: its copies are made by their own
 * literal rather than by adding the field, so each shape stays one hidden class.
 */
function cloneTop(s: GameState): GameState {
  if (s.shownSlot !== undefined) return cloneWithShownSlot(s, s.shownSlot);
  return {
    engineVersion: s.engineVersion,
    ruleset: s.ruleset,
    players: s.players,
    deck: s.deck,
    phase: s.phase,
    activeSeat: s.activeSeat,
    turn: s.turn,
    rng: s.rng,
    pending: s.pending,
    window: s.window,
    losses: s.losses,
    after: s.after,
    drawn: s.drawn,
    eliminationOrder: s.eliminationOrder,
    endReason: s.endReason,
  };
}

/** cloneTop of a state with `shownSlot` (only games whose rules interrogate have the field). */
function cloneWithShownSlot(s: GameState, shownSlot: number | null): GameState {
  return {
    engineVersion: s.engineVersion,
    ruleset: s.ruleset,
    players: s.players,
    deck: s.deck,
    phase: s.phase,
    activeSeat: s.activeSeat,
    turn: s.turn,
    rng: s.rng,
    pending: s.pending,
    window: s.window,
    losses: s.losses,
    after: s.after,
    drawn: s.drawn,
    eliminationOrder: s.eliminationOrder,
    endReason: s.endReason,
    shownSlot,
  };
}
