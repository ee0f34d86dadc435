import type {
  Action,
  AnyTurnActionType,
  GameEvent,
  GameState,
  OwnView,
  PendingAction,
  Phase,
  PlayerState,
  Role,
  RulesetId,
} from '../types';

// A ruleset is a value: its roles and deck, and a named list of action rules over the shared core (like
// Battlesnake's rules, where a variant is a named list of stages). The core (flow.ts and its callers)
// owns everything every Coup game shares: turns, the challenge window, the block window, losing
// influence, elimination, forfeits, the turn cap and exchange_return. An action rule says what its
// action costs, claims, targets and who may block it, and what it does once it stands; an action that
// needs more (an interrogation) brings its own phases and events. Adding a ruleset is one file that
// lists its roles and rules (DESIGN.md "Adding a ruleset").

/**
 * One step of the game as the rules change it (draft.ts's copy-on-write Draft): the state being written,
 * the game's rules, and the events the step emits. Declared here, with the rules that receive it, so that
 * the rules and the draft do not import each other.
 */
export interface Draft {
  /** The state after the step, being written (the input state is never modified). */
  readonly s: GameState;
  readonly rules: Ruleset;
  readonly events: GameEvent[];
  /** A writable copy of a seat's state (its cards array included). */
  player(seat: number): PlayerState;
  /** Adds `delta` (negative: pays) to a seat's coins without copying its cards. */
  addCoins(seat: number, delta: number): void;
  /** Read-only access to a seat's current state. */
  peek(seat: number): Readonly<PlayerState>;
  /** The writable deck. */
  deck(): GameState['deck'];
  emit(event: GameEvent): void;
  readonly over: boolean;
}

/** Redacts one event type for a seat (null: a spectator): RULES.md "What a seat sees". */
export type Redactor = (e: GameEvent, seat: number | null) => GameEvent;

/** One turn action: the data RULES.md's table gives, and what the action does. */
export interface ActionRule {
  readonly type: AnyTurnActionType;
  /** Paid when declared, never refunded. */
  readonly cost: number;
  /** The role the action claims (challengeable), or null. */
  readonly claim: Role | null;
  /** Whether it names a target (another living seat). */
  readonly targeted: boolean;
  /** The roles that may block it (empty: unblockable); the target blocks a targeted action. */
  readonly blockers: readonly Role[];
  /** `exchange` only: how many cards it draws (and returns). */
  readonly draws?: number;
  /**
   * Carries the action out once it stands (unchallenged or proven, not blocked). Leaves the draft
   * waiting for a decision, or over; `p.target` may have been eliminated since the declaration.
   */
  readonly resolve: (d: Draft, p: PendingAction) => void;
  /** Phases the action brings beyond the core's (each asks one seat). */
  readonly phases?: readonly PhaseRule[];
  /** Event types the action brings, with how other seats' copies are redacted. */
  readonly events?: Readonly<Partial<Record<GameEvent['type'], Redactor>>>;
}

/** A phase an action rule adds: one seat answers, chosen by `seat`. */
export interface PhaseRule {
  readonly phase: Phase;
  /** The seat that must answer now. */
  readonly seat: (s: GameState) => number;
  /** Its legal answers (shared, never modified: legalActions copies the list). */
  readonly legal: (s: GameState, seat: number) => readonly Action[];
  /** Applies one legal answer. */
  readonly apply: (d: Draft, seat: number, a: Action) => void;
  /**
   * `seat` forfeited during this phase; its cards are already revealed and the game is not over.
   * Carries the game on without it (RULES.md "Forfeit").
   */
  readonly forfeit: (d: Draft, seat: number) => void;
  /** The answer played for a seat whose answer faulted (DESIGN.md "Faults"); one of `legal`. */
  readonly defaultAction: (s: GameState, seat: number) => Action;
  /** Adds to a seat's own view what only it may see during this phase. */
  readonly own?: (s: GameState, seat: number, you: OwnView) => void;
}

export interface Ruleset {
  readonly id: RulesetId;
  /** In role order (the order of public lists of roles). */
  readonly roles: readonly Role[];
  readonly copiesPerRole: number;
  /** The unshuffled deck: `copiesPerRole` of each role, in role order. */
  readonly deck: readonly Role[];
  /** The turn actions, in the order legalActions lists them. */
  readonly actions: readonly ActionRule[];
  /** The rule of each action type this ruleset has. */
  readonly action: Readonly<Partial<Record<AnyTurnActionType, ActionRule>>>;
  /** How many cards `exchange` draws and returns (0 without an exchange). */
  readonly exchangeDraw: number;
  /** The turn actions beyond the classic seven (income ... exchange). */
  readonly extraActions: readonly AnyTurnActionType[];
  /** Every phase a game of this ruleset can be in. */
  readonly phases: readonly Phase[];
  /** The rule of each phase an action brings (the core's phases are not listed here). */
  readonly phase: Readonly<Partial<Record<Phase, PhaseRule>>>;
}

const CLASSIC_ACTIONS: readonly AnyTurnActionType[] = [
  'income',
  'foreign_aid',
  'coup',
  'tax',
  'assassinate',
  'steal',
  'exchange',
];
const CORE_PHASES: readonly Phase[] = [
  'action',
  'challenge_action',
  'block',
  'challenge_block',
  'lose_influence',
];

/** A ruleset from its id, roles and action rules; checks that the rules only name its roles. */
export function defineRuleset(def: {
  id: RulesetId;
  roles: readonly Role[];
  copiesPerRole?: number;
  actions: readonly ActionRule[];
}): Ruleset {
  const copiesPerRole = def.copiesPerRole ?? 3;
  const action: Partial<Record<AnyTurnActionType, ActionRule>> = {};
  const phase: Partial<Record<Phase, PhaseRule>> = {};
  const has = (r: Role | null) => r === null || def.roles.includes(r);
  for (const rule of def.actions) {
    if (action[rule.type]) throw new Error(`ruleset ${def.id}: ${rule.type} listed twice`);
    if (!has(rule.claim) || !rule.blockers.every(has))
      throw new Error(`ruleset ${def.id}: ${rule.type} names a role the deck does not hold`);
    action[rule.type] = rule;
    for (const p of rule.phases ?? []) phase[p.phase] = p;
  }
  const exchangeDraw = action.exchange?.draws ?? 0;
  return Object.freeze({
    id: def.id,
    roles: Object.freeze([...def.roles]),
    copiesPerRole,
    deck: Object.freeze(def.roles.flatMap((r) => Array<Role>(copiesPerRole).fill(r))),
    actions: Object.freeze([...def.actions]),
    action: Object.freeze(action),
    exchangeDraw,
    extraActions: Object.freeze(
      def.actions.filter((a) => !CLASSIC_ACTIONS.includes(a.type)).map((a) => a.type),
    ),
    phases: Object.freeze([
      ...CORE_PHASES,
      ...(exchangeDraw > 0 ? (['exchange_return'] as const) : []),
      ...(Object.keys(phase) as Phase[]),
      'game_over' as const,
    ]),
    phase: Object.freeze(phase),
  });
}
