// Plain, JSON-serialisable data for the whole game. Everything the engine knows is in GameState,
// including the PRNG state and the ruleset's id, so a state can be stored, sent and resumed anywhere.
import type { ActionType, AnyTurnActionType, Phase, Role, RulesetId } from './names';

export * from './names';

export interface ActionData {
  target?: number;
  role?: Role;
  card_index?: number;
  return_indices?: number[];
}

/** A decision, exactly as listed by legalActions and sent by agents. */
export interface Action {
  type: ActionType;
  data?: ActionData;
}

export interface Card {
  role: Role;
  revealed: boolean;
}

export interface PlayerState {
  coins: number;
  /** Slots never move: a revealed card stays in its slot. */
  cards: Card[];
  eliminated: boolean;
}

/** The action being carried out this turn. */
export interface PendingAction {
  action: AnyTurnActionType;
  actor: number;
  target: number | null;
  claim: Role | null;
  blocker: number | null;
  blockRole: Role | null;
}

/** An answer in a simultaneous window: `pass`, `challenge`, or the role claimed by a block. */
export type WindowAnswer = 'pass' | 'challenge' | Role;

/** A simultaneous window (challenge of an action, or block). */
export interface ResponseWindow {
  kind: 'challenge_action' | 'block';
  /** Eligible seats, in turn order after the actor. */
  eligible: number[];
  /** Indexed by seat; null while unanswered. */
  answers: (WindowAnswer | null)[];
}

export type LossReason = 'challenge' | 'coup' | 'assassinate' | 'forfeit';

export interface InfluenceDue {
  seat: number;
  reason: LossReason;
}

/** What happens once every owed influence has been taken. */
export type Continuation = 'block_or_resolve' | 'resolve' | 'cancelled' | 'blocked' | 'end_turn';

export type EndReason = 'last_standing' | 'turn_cap';

export interface GameState {
  engineVersion: string;
  /**
   * The rules this game is played by (RULESETS[ruleset]). States made before rulesets were values have
   * no such field: they are `original` games (rulesetOf).
   */
  ruleset: RulesetId;
  players: PlayerState[];
  /** deck[0] is the top; draws take from the front. */
  deck: Role[];
  phase: Phase;
  activeSeat: number;
  turn: number;
  /** PRNG state (xoroshiro128+, pure-rand), seeded as `engineVersion` says. */
  rng: number[];
  pending: PendingAction | null;
  window: ResponseWindow | null;
  /** Seats that owe influence, in order; the first one is asked. */
  losses: InfluenceDue[];
  after: Continuation | null;
  /** The cards drawn by an exchange (the ruleset says how many), during exchange_return. */
  drawn: Role[];
  /**
   * `inquisitors` only (absent from other games): during interrogate_decide, the slot of the card the
   * interrogated seat showed; null otherwise (the end of a turn or of the game clears it). Private to that
   * seat, like every slot.
   */
  shownSlot?: number | null;
  /** Seats in the order they were eliminated. */
  eliminationOrder: number[];
  endReason: EndReason | null;
}

interface EventBase {
  turn: number;
}

export type GameEvent =
  | (EventBase & { type: 'turn_started'; seat: number })
  | (EventBase & {
      type: 'declared';
      seat: number;
      action: AnyTurnActionType;
      target: number | null;
      claim: Role | null;
      cost: number;
    })
  | (EventBase & { type: 'passed'; seat: number; phase: Phase })
  | (EventBase & {
      type: 'challenged';
      seat: number;
      challenged: number;
      claim: Role;
      against: 'action' | 'block';
      /** Whether the challenged seat held the claimed role. */
      truthful: boolean;
    })
  | (EventBase & {
      type: 'card_shown';
      seat: number;
      /**
       * The slot of the shown card, where the replacement now is: private to the seat (absent in other
       * seats' copies, or they would learn whether its other card holds the same role).
       */
      slot?: number;
      role: Role;
      /** The replacement drawn into the slot: private to the seat (absent in other seats' copies). */
      replacement?: Role;
    })
  | (EventBase & { type: 'blocked'; seat: number; actor: number; role: Role })
  | (EventBase & {
      type: 'influence_lost';
      seat: number;
      /** The revealed card's slot: private to the seat (absent in other seats' copies). */
      slot?: number;
      role: Role;
      reason: LossReason;
    })
  | (EventBase & {
      type: 'resolved';
      seat: number;
      action: AnyTurnActionType;
      target: number | null;
      outcome: 'done' | 'blocked' | 'cancelled' | 'no_effect';
      /** Coins gained by the actor (stolen coins included). */
      coins: number;
    })
  | (EventBase & {
      /** `inquisitors`: the interrogated seat showed one of its face-down cards to the interrogator. */
      type: 'interrogation_shown';
      /** The interrogated seat, which showed the card. */
      seat: number;
      interrogator: number;
      /** The shown card's slot: private to the interrogated seat. */
      slot?: number;
      /** The shown role: private to the two seats (absent in everyone else's copies). */
      role?: Role;
    })
  | (EventBase & {
      /** `inquisitors`: the interrogator let the target keep the shown card, or forced an exchange. */
      type: 'interrogation_decided';
      /** The interrogator. */
      seat: number;
      target: number;
      forced: boolean;
      /** The shown role: private to the two seats. */
      role?: Role;
      /** The shown card's slot, where a forced replacement now is: private to the target. */
      slot?: number;
      /** The card a forced exchange drew into the slot: private to the target. */
      replacement?: Role;
    })
  | (EventBase & { type: 'exchange_drawn'; seat: number; count: number; roles?: Role[] })
  | (EventBase & { type: 'exchange_returned'; seat: number; count: number; returned?: Role[] })
  | (EventBase & { type: 'forfeited'; seat: number })
  | (EventBase & { type: 'eliminated'; seat: number })
  | (EventBase & { type: 'game_over'; reason: EndReason; ranking: number[][] });

export type GameEventType = GameEvent['type'];

export interface PublicPlayerView {
  seat: number;
  coins: number;
  faceDown: number;
  /** Revealed roles in role order (ALL_ROLES; never slot order: slots are private to their seat). */
  revealed: Role[];
  eliminated: boolean;
}

export interface OwnView {
  seat: number;
  coins: number;
  cards: Card[];
  /** Only during this seat's exchange_return. */
  drawn?: Role[];
  /** Only during interrogate_decide, for the interrogator and the interrogated seat: the role shown. */
  shown?: Role;
}

/** What one seat (or a spectator, seat null) may know. */
export interface PlayerView {
  seat: number | null;
  phase: Phase;
  turn: number;
  activeSeat: number;
  deckSize: number;
  you: OwnView | null;
  players: PublicPlayerView[];
  pending: PendingAction | null;
  /** The seat that must lose influence now, during lose_influence. */
  losingSeat: number | null;
  /** Defined once the game is over. */
  ranking: number[][] | null;
}

export interface GameSetup {
  hands: Role[][];
  coins?: number[];
  deck: Role[];
  firstSeat?: number;
}

export interface CreateGameOptions {
  players: number;
  seed: string;
  /** The rules to play (default `original`): RULESETS holds them. */
  ruleset?: RulesetId;
  setup?: GameSetup;
  /**
   * The engine version to play (default ENGINE_VERSION): a replay is re-run with the version that
   * recorded it (ENGINE_VERSIONS lists the known ones; any other throws).
   */
  engineVersion?: string;
}

export interface EngineError {
  code: 'game_over' | 'invalid_seat' | 'not_pending' | 'invalid_action' | 'illegal_action';
  message: string;
}

export type ApplyResult =
  { ok: true; state: GameState; events: GameEvent[] } | { ok: false; error: EngineError };
