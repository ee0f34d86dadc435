import { compactGame, decodedGame } from '@coup/archive-format';
import { z } from 'zod';
import { AgentId, EventId, Limit, MatchId, queryInt, Ruleset, Timestamp } from './common';

/** `/matches/:id/...` */
export const MatchPath = z.object({ id: MatchId });

export const MatchCreate = z.strictObject({
  /** One agent per seat, in seat order. */
  agents: z
    .array(AgentId)
    .min(2, 'agents: expected 2 to 6 agent ids')
    .max(6, 'agents: expected 2 to 6 agent ids'),
  ranked: z.boolean().default(false),
  timeoutMs: z.number().int().min(100).max(30_000).optional(),
  /** Casual matches only: replay a deal. Ranked seeds are always drawn by the platform. */
  seed: z.string().min(1).max(200).optional(),
  /**
   * The ruleset it is played by (default `original`); every agent must accept it. A ranked match is rated
   * in that ruleset's ladder.
   */
  ruleset: Ruleset.default('original'),
});

export const MatchStatus = z.enum(['queued', 'running', 'finished', 'aborted']);

export const MatchSeatOut = z.object({
  seat: z.number().int(),
  agent: z.object({ id: z.string(), name: z.string() }),
  place: z.number().int().nullable(),
  faults: z.number().int(),
  forfeited: z.boolean(),
});

export const MatchOut = z
  .object({
    id: MatchId,
    status: MatchStatus,
    ranked: z.boolean(),
    /** The ruleset it is played by (rated in that ruleset's ladder when ranked). */
    ruleset: Ruleset,
    seedCommitment: z.string(),
    /** Revealed once the match has ended, so anyone can re-run the deal and check the commitment. */
    seed: z.string().nullable(),
    engineVersion: z.string().nullable(),
    rulesetVersion: z.string().nullable(),
    protocolVersion: z.string().nullable(),
    timeoutMs: z.number().int(),
    eventId: EventId.nullable(),
    eventRound: z.number().int().nullable(),
    attempts: z.number().int(),
    abortReason: z.string().nullable(),
    createdAt: Timestamp,
    startedAt: Timestamp.nullable(),
    finishedAt: Timestamp.nullable(),
    seats: z.array(MatchSeatOut),
    /** Places, best first, tied seats together; null until finished. */
    ranking: z.array(z.array(z.number().int())).nullable(),
    links: z.object({ self: z.string(), replay: z.string(), live: z.string() }),
  })
  .meta({ id: 'Match' });

export const MatchListQuery = z.strictObject({
  agent: AgentId.optional(),
  status: MatchStatus.optional(),
  ranked: z.enum(['true', 'false']).optional(),
  event: EventId.optional(),
  /** Only the matches played by this ruleset (an unknown one is a 400 naming the known ones). */
  ruleset: Ruleset.optional(),
  cursor: z.string().max(200).optional(),
  limit: Limit,
});

export const ReplayQuery = z.strictObject({
  seat: queryInt(0, 5).optional(),
  /** `treason`: the match as a game record of the public human games archive (docs/ARCHIVE.md). */
  format: z.enum(['treason']).optional(),
});

/**
 * `GET /v1/matches/:id/replay?format=treason`: the match as one game of the public human games archive,
 * decoded (events as objects) and compact (events packed, base64), with what the format could not say
 * exactly (`notes`, e.g. a turn-cap end). docs/ARCHIVE.md describes the format.
 */
export const TreasonExport = z.object({
  decoded: decodedGame,
  compact: compactGame,
  notes: z.array(z.string()),
});
export type TreasonExport = z.infer<typeof TreasonExport>;
