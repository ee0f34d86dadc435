import { z } from 'zod';
import { AccountId, AgentId, EventId, Limit, Ruleset, Timestamp } from './common';
import { MatchOut } from './matches';

export const EventFormat = z.enum(['round_robin', 'swiss']);
export const EventStatus = z.enum(['open', 'running', 'finished']);
export const EventEntryMode = z.enum(['list', 'open']);

/** `/events/:id/...` */
export const EventPath = z.object({ id: EventId });
/** `/events/:id/entries/:agentId` */
export const EventEntryPath = z.object({ id: EventId, agentId: AgentId });

export const EventCreate = z
  .strictObject({
    name: z.string().trim().min(2).max(80),
    /** round_robin: everyone meets everyone as evenly as the tables allow; swiss: similar scores meet. */
    format: EventFormat,
    seatsPerMatch: z.number().int().min(2).max(6),
    rounds: z.number().int().min(1).max(50),
    /** list: exactly the agents given; open: owners enter their agents until startsAt. */
    entry: EventEntryMode,
    /** Required with entry 'list'; with 'open', agents entered from the start (optional). */
    agents: z.array(AgentId).min(1).max(1000).optional(),
    /** Default: now. */
    startsAt: z.iso.datetime({ offset: true }).optional(),
    /** Whether the event's matches count for ladder ratings (they are then ranked matches). */
    rated: z.boolean().default(false),
    /**
     * The ruleset its matches are played by (default `original`; rated in that ruleset's ladder): only
     * agents that accept it may enter.
     */
    ruleset: Ruleset.default('original'),
  })
  .refine((e) => e.entry !== 'list' || (e.agents !== undefined && e.agents.length >= 2), {
    path: ['agents'],
    message: "entry 'list' needs agents: at least 2 agent ids",
  })
  .refine((e) => e.agents === undefined || new Set(e.agents).size === e.agents.length, {
    path: ['agents'],
    message: 'an agent is listed twice',
  });

export const EventListQuery = z.strictObject({
  status: EventStatus.optional(),
  cursor: z.string().max(200).optional(),
  limit: Limit,
});

export const EventOut = z
  .object({
    id: EventId,
    name: z.string(),
    format: EventFormat,
    seatsPerMatch: z.number().int(),
    rounds: z.number().int(),
    entry: EventEntryMode,
    startsAt: Timestamp,
    status: EventStatus,
    rated: z.boolean(),
    ruleset: Ruleset,
    createdAt: Timestamp,
    entrantCount: z.number().int(),
    /** The last round that has matches (0 before the start). */
    currentRound: z.number().int(),
    links: z.object({ self: z.string(), matches: z.string() }),
  })
  .meta({ id: 'Event' });

const AgentRef = z.object({ id: AgentId, name: z.string(), isHouse: z.boolean() });

export const EventEntryOut = z.object({
  eventId: EventId,
  agent: AgentRef,
  owner: z.object({ id: AccountId, name: z.string() }),
  enteredAt: Timestamp,
});

export const StandingOut = z.object({
  rank: z.number().int().min(1),
  agent: AgentRef,
  /** Sum over finished matches of (seats at the table - place); tied seats share their place's points. */
  points: z.number(),
  played: z.number().int(),
  /** First places (tie-break 1). */
  wins: z.number().int(),
  /** Sum of the opponents' points over every match played (tie-break 2). */
  buchholz: z.number(),
  /** Mean place, lower is better (tie-break 3; then the name). */
  meanPlace: z.number().nullable(),
});

export const EventDetail = EventOut.extend({
  scoring: z.string(),
  entrants: z.array(EventEntryOut),
  standings: z.array(StandingOut),
  /** The matches of each round drawn so far (`rounds` stays the number of rounds the event has). */
  schedule: z.array(z.object({ round: z.number().int(), matches: z.array(MatchOut) })),
}).meta({ id: 'EventDetail' });

export const EventEntryCreate = z.strictObject({ agentId: AgentId });
