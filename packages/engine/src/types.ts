// Plain, JSON-serialisable data for the whole game. Everything the engine knows is in GameState,
// including the PRNG state, so a state can be stored, sent and resumed anywhere.

export const ROLES = ['duke', 'assassin', 'captain', 'ambassador', 'contessa'] as const;
export type Role = (typeof ROLES)[number];

export const TURN_ACTIONS = [
  'income',
  'foreign_aid',
  'coup',
  'tax',
  'assassinate',
  'steal',
  'exchange',
] as const;
export type TurnActionType = (typeof TURN_ACTIONS)[number];

export const RESPONSE_ACTIONS = ['challenge', 'block', 'pass', 'lose_card', 'return_cards'] as const;
export type ResponseActionType = (typeof RESPONSE_ACTIONS)[number];

export type ActionType = TurnActionType | ResponseActionType;

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

export const PHASES = [
  'action',
  'challenge_action',
  'block',
  'challenge_block',
  'lose_influence',
  'exchange_return',
  'game_over',
] as const;
export type Phase = (typeof PHASES)[number];

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
  action: TurnActionType;
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
  /** The 2 cards drawn by an exchange, during exchange_return. */
  drawn: Role[];
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
      action: TurnActionType;
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
      action: TurnActionType;
      target: number | null;
      outcome: 'done' | 'blocked' | 'cancelled' | 'no_effect';
      /** Coins gained by the actor (stolen coins included). */
      coins: number;
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
  /** Revealed roles in ROLES order (never slot order: slots are private to their seat). */
  revealed: Role[];
  eliminated: boolean;
}

export interface OwnView {
  seat: number;
  coins: number;
  cards: Card[];
  /** Only during this seat's exchange_return. */
  drawn?: Role[];
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
