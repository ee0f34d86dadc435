// The vocabulary of every ruleset: the names a game's roles, actions and phases take (rulesets/ say which
// of them each game uses). The lists named ROLES, TURN_ACTIONS, RESPONSE_ACTIONS and PHASES are the
// `original` ruleset's, kept for code written before rulesets were values; new code reads the game's
// ruleset (rulesetOf, RULESETS).

/** The ids of the rulesets this engine plays (RULESETS holds their rules). */
export const RULESET_IDS = ['original', 'inquisitors'] as const;
export type RulesetId = (typeof RULESET_IDS)[number];

/**
 * Every role of every ruleset, in role order: the order public lists of roles follow (revealed cards, a
 * forfeit's reveals). The inquisitor sits where the ambassador does, which it replaces.
 */
export const ALL_ROLES = ['duke', 'assassin', 'captain', 'ambassador', 'inquisitor', 'contessa'] as const;
/** A role of any ruleset: what a card, a claim or a block holds. */
export type Role = (typeof ALL_ROLES)[number];
/** The `original` ruleset's roles (RULESETS.original.roles), in role order. */
export const ROLES = [
  'duke',
  'assassin',
  'captain',
  'ambassador',
  'contessa',
] as const satisfies readonly Role[];

/** Every turn action of every ruleset. */
export const ALL_TURN_ACTIONS = [
  'income',
  'foreign_aid',
  'coup',
  'tax',
  'assassinate',
  'steal',
  'exchange',
  'interrogate',
] as const;
/** A turn action of any ruleset. */
export type AnyTurnActionType = (typeof ALL_TURN_ACTIONS)[number];
/** The `original` ruleset's turn actions, in the order legalActions lists them. */
export const TURN_ACTIONS = [
  'income',
  'foreign_aid',
  'coup',
  'tax',
  'assassinate',
  'steal',
  'exchange',
] as const satisfies readonly AnyTurnActionType[];
/**
 * A turn action of the `original` ruleset. Unlike Role, Phase and ActionType it keeps its old meaning,
 * because code written before rulesets keys tables of the seven actions by it (`Record<TurnActionType,
 * ...>`); the engine's data (pending actions, events) takes AnyTurnActionType.
 */
export type TurnActionType = (typeof TURN_ACTIONS)[number];

/** Every answer outside a turn, of every ruleset. */
export const ALL_RESPONSE_ACTIONS = [
  'challenge',
  'block',
  'pass',
  'lose_card',
  'return_cards',
  'show_card',
  'allow',
  'force_exchange',
] as const;
/** An answer outside a turn, of any ruleset. */
export type ResponseActionType = (typeof ALL_RESPONSE_ACTIONS)[number];
/** The `original` ruleset's answers outside a turn. */
export const RESPONSE_ACTIONS = [
  'challenge',
  'block',
  'pass',
  'lose_card',
  'return_cards',
] as const satisfies readonly ResponseActionType[];

/** Any decision's type, of any ruleset. */
export type ActionType = AnyTurnActionType | ResponseActionType;

/** Every phase of every ruleset. */
export const ALL_PHASES = [
  'action',
  'challenge_action',
  'block',
  'challenge_block',
  'lose_influence',
  'exchange_return',
  'interrogate_show',
  'interrogate_decide',
  'game_over',
] as const;
/** A phase of any ruleset. */
export type Phase = (typeof ALL_PHASES)[number];
/** The `original` ruleset's phases. */
export const PHASES = [
  'action',
  'challenge_action',
  'block',
  'challenge_block',
  'lose_influence',
  'exchange_return',
  'game_over',
] as const satisfies readonly Phase[];
