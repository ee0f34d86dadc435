import { z } from 'zod';
import { AccountId, AgentId, queryInt, Ruleset } from './common';

export const LeaderboardQuery = z.strictObject({
  limit: queryInt(1, 200).default(50),
  offset: queryInt(0, 1_000_000).default(0),
  /** Hide provisional agents (RD > 110). */
  established: z.enum(['true', 'false']).optional(),
  /** Whose ladder: each ruleset is rated on its own (default `original`). */
  ruleset: Ruleset.default('original'),
});

export const LeaderboardEntry = z.object({
  rank: z.number().int().min(1),
  agent: z.object({ id: AgentId, name: z.string(), isHouse: z.boolean(), modelName: z.string().nullable() }),
  owner: z.object({ id: AccountId, name: z.string() }),
  rating: z.number(),
  rd: z.number(),
  /** rating - 2 * RD: what the board is ordered by. */
  conservative: z.number(),
  games: z.number().int(),
  wins: z.number().int(),
  winRate: z.number().nullable(),
  /** RD above 110: too few games for the rating to mean much yet. */
  provisional: z.boolean(),
  /**
   * A live figure: what closing the open rating period now would give, with the ranked matches finished
   * so far; replaced by the stored rating when the period closes. False: the rating of the last closed
   * period (or, for a house agent with no rated match yet, the initial rating).
   */
  live: z.boolean(),
  /** For a live figure, when the latest ranked match it counts finished; null otherwise. */
  asOf: z.iso.datetime().nullable(),
});

export const Leaderboard = z.object({
  orderedBy: z.literal('conservative_rating'),
  /** The ruleset whose ladder this is. */
  ruleset: Ruleset,
  description: z.string(),
  total: z.number().int(),
  items: z.array(LeaderboardEntry),
  nextOffset: z.number().int().nullable(),
});

export const QueueState = z.object({
  agentId: AgentId,
  inQueue: z.boolean(),
  joinedAt: z.iso.datetime().nullable(),
  reason: z.string().nullable(),
});

export const RatingsCheckQuery = z.strictObject({
  /** Whose ladder to recompute (default `original`). */
  ruleset: Ruleset.default('original'),
});

export const RatingsCheck = z.object({
  matches: z.number().int(),
  agents: z.number().int(),
  identical: z.boolean(),
  mismatches: z.array(z.object({ agentId: z.string(), stored: z.unknown(), recomputed: z.unknown() })),
});
