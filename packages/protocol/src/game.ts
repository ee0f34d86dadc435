import { z } from 'zod';
import { ALL_PHASES, ALL_RESPONSE_ACTIONS, ALL_ROLES, ALL_TURN_ACTIONS, RULESET_IDS } from '@coup/engine';
import type * as Engine from '@coup/engine';
import type { Agree, Assert } from './agree';

// Wire shapes of the engine's data. These mirror @coup/engine's types (the engine stays free of zod);
// the enums are built from the engine's own lists of every ruleset's names (a game's ruleset says which
// of them it uses), and the checks at the end fail the type check when a schema and its engine type drift
// apart.

/** The rules a match is played by (the engine's RULESETS); absent from records made before rulesets: `original`. */
export const RulesetId = z.enum(RULESET_IDS);
export const Role = z.enum(ALL_ROLES);
export const TurnActionType = z.enum(ALL_TURN_ACTIONS);
export const ActionType = z.enum([...ALL_TURN_ACTIONS, ...ALL_RESPONSE_ACTIONS]);
export const Phase = z.enum(ALL_PHASES);
const Seat = z.number().int().min(0).max(5);

/** An action as an agent sends it. Loose on purpose: legality is the engine's job (matchLegal). */
export const Action = z.looseObject({
  type: z.string().min(1).max(32),
  data: z
    .looseObject({
      target: z.number().optional(),
      role: z.string().optional(),
      card_index: z.number().optional(),
      return_indices: z.array(z.number()).max(4).optional(),
    })
    .nullable()
    .optional(),
});
export type WireAction = z.infer<typeof Action>;

/** An action exactly as the engine lists it in legalActions. */
export const LegalAction = z.object({
  type: ActionType,
  data: z
    .object({
      target: Seat.optional(),
      role: Role.optional(),
      card_index: z.number().int().min(0).optional(),
      return_indices: z.array(z.number().int().min(0)).optional(),
    })
    .optional(),
});

export const Card = z.object({ role: Role, revealed: z.boolean() });

export const PendingAction = z.object({
  action: TurnActionType,
  actor: Seat,
  target: Seat.nullable(),
  claim: Role.nullable(),
  blocker: Seat.nullable(),
  blockRole: Role.nullable(),
});

export const WirePlayer = z.object({
  seat: Seat,
  name: z.string(),
  coins: z.number().int().min(0),
  faceDown: z.number().int().min(0),
  revealed: z.array(Role),
  eliminated: z.boolean(),
});

export const WireYou = z.object({
  seat: Seat,
  coins: z.number().int().min(0),
  cards: z.array(Card),
  drawn: z.array(Role).optional(),
  shown: Role.optional(),
});

/** A seat's view (engine viewFor) shaped for the wire. */
export const WireState = z.object({
  phase: Phase,
  turn: z.number().int().min(0),
  activeSeat: Seat,
  deckSize: z.number().int().min(0),
  you: WireYou.nullable(),
  players: z.array(WirePlayer),
  pending: PendingAction.nullable(),
  losingSeat: Seat.nullable(),
});
export type WireState = z.infer<typeof WireState>;

/** One public fact of the match: an engine event as this seat may see it, `type` renamed `event`. */
export const HistoryEntry = z.looseObject({
  event: z.string(),
  turn: z.number().int().min(0),
  seat: Seat.optional(),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

// The schemas above agree with the engine's types, field for field.
type _Action = Assert<Agree<z.infer<typeof LegalAction>, Engine.Action>>;
type _Card = Assert<Agree<z.infer<typeof Card>, Engine.Card>>;
type _Pending = Assert<Agree<z.infer<typeof PendingAction>, Engine.PendingAction>>;
type _You = Assert<Agree<z.infer<typeof WireYou>, Engine.OwnView>>;
type _Player = Assert<Agree<z.infer<typeof WirePlayer>, Engine.PublicPlayerView & { name: string }>>;
/** A seat's view on the wire: the engine's PlayerView with names, without its seat and final ranking. */
type _State = Assert<
  Agree<
    WireState,
    Omit<Engine.PlayerView, 'seat' | 'ranking' | 'players'> & { players: z.infer<typeof WirePlayer>[] }
  >
>;
