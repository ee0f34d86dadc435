import type { Draft as Step, Ruleset } from './rulesets/ruleset';
import type { GameEvent, GameState, PlayerState } from './types';

// Copy-on-write over one step: the input state is never modified. Only the top-level object, the
// players that change and the deck when it changes are copied, which keeps a step cheap.
export class Draft implements Step {
  readonly s: GameState;
  readonly events: GameEvent[] = [];
  private copiedPlayers = 0; // bitmask of seats already copied in this step
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
    const players = this.s.players;
    if (this.copiedPlayers === 0) this.s.players = players.slice();
    const bit = 1 << seat;
    if ((this.copiedPlayers & bit) === 0) {
      const p = this.s.players[seat] as PlayerState;
      this.s.players[seat] = {
        coins: p.coins,
        cards: p.cards.map((c) => ({ ...c })),
        eliminated: p.eliminated,
      };
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

/** A shallow copy with every field listed, so all states share one hidden class (faster than spread). */
function cloneTop(s: GameState): GameState {
  const c: GameState = {
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
  // Only games whose rules interrogate have the field, so `original` states keep their old shape.
  if (s.shownSlot !== undefined) c.shownSlot = s.shownSlot;
  return c;
}
