import { z } from 'zod';
import type { GameEvent as EngineEvent } from '@coup/engine';
import type { Agree, Assert } from './agree';
import { Phase, Role, TurnActionType } from './game';

// The engine's events (omniscient, as stored in replays), mirrored as zod so a replay read from a file
// or a database is checked before anyone trusts it. Private fields (slots, replacement, exchanged roles,
// the role an interrogation showed) are optional: they are absent from copies redacted for other seats
// (engine eventFor).

const Seat = z.number().int().min(0).max(5);
const Turn = z.number().int().min(0);
const LossReason = z.enum(['challenge', 'coup', 'assassinate', 'forfeit']);

export const GameEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('turn_started'), turn: Turn, seat: Seat }),
  z.object({
    type: z.literal('declared'),
    turn: Turn,
    seat: Seat,
    action: TurnActionType,
    target: Seat.nullable(),
    claim: Role.nullable(),
    cost: z.number().int().min(0),
  }),
  z.object({ type: z.literal('passed'), turn: Turn, seat: Seat, phase: Phase }),
  z.object({
    type: z.literal('challenged'),
    turn: Turn,
    seat: Seat,
    challenged: Seat,
    claim: Role,
    against: z.enum(['action', 'block']),
    truthful: z.boolean(),
  }),
  z.object({
    type: z.literal('card_shown'),
    turn: Turn,
    seat: Seat,
    slot: z.number().int().min(0).optional(),
    role: Role,
    replacement: Role.optional(),
  }),
  z.object({ type: z.literal('blocked'), turn: Turn, seat: Seat, actor: Seat, role: Role }),
  z.object({
    type: z.literal('influence_lost'),
    turn: Turn,
    seat: Seat,
    slot: z.number().int().min(0).optional(),
    role: Role,
    reason: LossReason,
  }),
  z.object({
    type: z.literal('resolved'),
    turn: Turn,
    seat: Seat,
    action: TurnActionType,
    target: Seat.nullable(),
    outcome: z.enum(['done', 'blocked', 'cancelled', 'no_effect']),
    coins: z.number().int().min(0),
  }),
  z.object({
    type: z.literal('interrogation_shown'),
    turn: Turn,
    seat: Seat,
    interrogator: Seat,
    slot: z.number().int().min(0).optional(),
    role: Role.optional(),
  }),
  z.object({
    type: z.literal('interrogation_decided'),
    turn: Turn,
    seat: Seat,
    target: Seat,
    forced: z.boolean(),
    role: Role.optional(),
    slot: z.number().int().min(0).optional(),
    replacement: Role.optional(),
  }),
  z.object({
    type: z.literal('exchange_drawn'),
    turn: Turn,
    seat: Seat,
    count: z.number().int().min(0),
    roles: z.array(Role).optional(),
  }),
  z.object({
    type: z.literal('exchange_returned'),
    turn: Turn,
    seat: Seat,
    count: z.number().int().min(0),
    returned: z.array(Role).optional(),
  }),
  z.object({ type: z.literal('forfeited'), turn: Turn, seat: Seat }),
  z.object({ type: z.literal('eliminated'), turn: Turn, seat: Seat }),
  z.object({
    type: z.literal('game_over'),
    turn: Turn,
    reason: z.enum(['last_standing', 'turn_cap']),
    ranking: z.array(z.array(Seat)),
  }),
]);
export type GameEvent = EngineEvent;

// The schema agrees with the engine's type in both directions.
type _Event = Assert<Agree<z.infer<typeof GameEvent>, EngineEvent>>;
