import { z } from 'zod';
import { LlmDecision } from '@coup/protocol';
import { ALL_ROLES } from '@coup/engine/names';
import { AccountId, AgentId, Limit, Ruleset, Timestamp } from './common';
import { AGENT_TRANSPORTS, HistoryMode } from './agent-input';
import { HumanBaselineComparison, HumanRulesetBaseline } from './datasets';

export * from './agent-input';

/** `/agents/:id/...` */
export const AgentPath = z.object({ id: AgentId });

export const AgentListQuery = z.strictObject({
  owner: AccountId.optional(),
  q: z.string().max(40).optional(),
  status: z.enum(['active', 'paused', 'disabled']).optional(),
  inQueue: z.enum(['true', 'false']).optional(),
  house: z.enum(['true', 'false']).optional(),
  /** Agents whose owners let anyone seat them at a casual table (POST /v1/tables). */
  allowChallenges: z.enum(['true', 'false']).optional(),
  cursor: z.string().max(200).optional(),
  limit: Limit,
});

export const RatingOut = z.object({
  rating: z.number(),
  rd: z.number(),
  vol: z.number(),
  conservative: z.number(),
  provisional: z.boolean(),
  games: z.number().int(),
  wins: z.number().int(),
  /** A live figure including the open rating period's ranked matches (see LeaderboardEntry.live). */
  live: z.boolean(),
  /** For a live figure, when the latest ranked match it counts finished; null otherwise. */
  asOf: z.iso.datetime().nullable(),
});

/** A house agent as a mark on the ladder, with an agent's record against it (ranked matches). */
export const HouseMark = z
  .object({
    agent: z.object({ id: AgentId, name: z.string() }),
    rating: z.number(),
    rd: z.number(),
    /** Finished ranked matches both played. */
    matches: z.number().int(),
    /** Matches the agent finished ahead of it, and behind it (the others: tied places). */
    wins: z.number().int(),
    losses: z.number().int(),
  })
  .meta({ id: 'HouseMark' });

/** An agent's behaviour figures over its ranked matches of one ruleset, but for the bluff rate of each role. */
const statsFields = {
  /** Finished ranked matches the figures are computed from (all of them of the ruleset; casual never count). */
  matches: z.number().int(),
  decisions: z.number().int(),
  /** Role claims (claimed actions and blocks) made without holding the role. */
  bluffRate: z.number().nullable(),
  /** Challenges per chance to challenge. */
  challengeRate: z.number().nullable(),
  /** Resolved challenges that caught a bluff. */
  challengeSuccess: z.number().nullable(),
  /** Blocks per chance to block. */
  blockRate: z.number().nullable(),
  /** Faulted decisions per decision. */
  faultRate: z.number().nullable(),
  latencyP50Ms: z.number().nullable(),
  latencyP95Ms: z.number().nullable(),
  /** Language-model usage, for agents whose decisions recorded model calls (llm agents). */
  llm: z
    .object({
      /** Decisions that called a model. */
      decisions: z.number().int(),
      promptTokensPerDecision: z.number().nullable(),
      completionTokensPerDecision: z.number().nullable(),
      /** Model calls per decision beyond the first (429 backoffs, corrective retries). */
      retriesPerDecision: z.number().nullable(),
      /** Mean cost of a match at the operator's prices (LLM_MODELS); null where no price is set. */
      costPerMatch: z.number().nullable(),
    })
    .nullable()
    .optional(),
};

/** The behaviour figures of an agent's ranked matches of one ruleset (GET /v1/agents/:id `statsByRuleset`). */
export const AgentRulesetStats = z
  .object({
    ruleset: Ruleset,
    ...statsFields,
    /** The bluff rate of each of the ruleset's roles (null: no claim of that role yet). */
    bluffRateByRole: z.partialRecord(z.enum(ALL_ROLES), z.number().nullable()),
    /** Rulesets with an interrogation (`inquisitors`): interrogations declared. */
    interrogations: z.number().int().optional(),
    /** Forced exchanges per interrogation that stood (the rest allowed the shown card). */
    forceExchangeRate: z.number().nullable().optional(),
  })
  .meta({ id: 'AgentRulesetStats' });

export const AgentOut = z
  .object({
    id: AgentId,
    name: z.string(),
    owner: z.object({ id: AccountId, name: z.string() }),
    transport: z.enum(AGENT_TRANSPORTS),
    status: z.enum(['active', 'paused', 'disabled']),
    /** Why the agent was paused or disabled (e.g. too many faults); shown to its owner. */
    statusReason: z.string().nullable().optional(),
    modelName: z.string().nullable(),
    isHouse: z.boolean(),
    /** Whether any account may seat this agent at its casual tables (POST /v1/tables). */
    allowChallenges: z.boolean(),
    /** What its decision requests carry (PROTOCOL.md "History modes"): history since the last answer, or all. */
    historyMode: HistoryMode,
    /** Whether its decision requests carry the plain-text `prompt`. */
    wantsPrompt: z.boolean(),
    inQueue: z.boolean(),
    /** The rulesets it plays: only ever seated in a match of one of them; queued for ranked play in each. */
    rulesets: z.array(Ruleset),
    /** Its rating in the `original` ladder (the figure `ratings.original` holds). */
    rating: RatingOut.nullable(),
    /** Its rating in each ruleset's ladder it has one in (the leaderboard's `?ruleset=`). */
    ratings: z.partialRecord(Ruleset, RatingOut),
    createdAt: Timestamp,
    /** The profile (GET /v1/agents/:id) adds the rating by period and behaviour figures from replays. */
    ratingHistory: z
      .array(
        z.object({
          /** The ladder (ruleset) the period belongs to. */
          ruleset: Ruleset,
          periodIndex: z.number().int(),
          periodEnd: z.iso.datetime(),
          rating: z.number(),
          rd: z.number(),
          games: z.number().int(),
        }),
      )
      .optional(),
    /** Its behaviour figures in `original` ranked matches (the figures `statsByRuleset.original` holds). */
    stats: z
      .object({
        ...statsFields,
        /** The bluff rate of each role's claims (null: no claim of that role yet). */
        bluffRateByRole: z.record(
          z.enum(['duke', 'assassin', 'captain', 'ambassador', 'contessa']),
          z.number().nullable(),
        ),
      })
      .optional(),
    /**
     * The profile adds its behaviour figures in each ruleset it has played ranked matches of: a bluff rate of
     * the Inquisitor game is not one of the original game, so the two are never summed.
     */
    statsByRuleset: z.partialRecord(Ruleset, AgentRulesetStats).optional(),
    /**
     * The profile (GET /v1/agents/:id) adds people's figures to compare `stats` with: null when no human
     * dataset is imported.
     */
    humanBaseline: HumanBaselineComparison.nullable().optional(),
    /**
     * The profile adds people's figures of each ruleset's games (to compare `statsByRuleset` with), from the
     * same dataset as `humanBaseline`: a ruleset whose games the dataset has none with people is left out.
     */
    humanBaselineByRuleset: z.partialRecord(Ruleset, HumanRulesetBaseline).optional(),
    /**
     * The profile adds the house agents as marks (issue 22): between which two its rating lies (`below`: the
     * best-rated house agent at or under its rating, `above`: the next one; null past either end or while it
     * has no rating), and its record against each house agent in ranked matches, lowest rating first.
     */
    houseMarks: z
      .object({
        below: HouseMark.nullable(),
        above: HouseMark.nullable(),
        records: z.array(HouseMark),
      })
      .optional(),
    /** Owner-only fields. */
    queueReason: z.string().nullable().optional(),
    endpointUrl: z.string().nullable().optional(),
    strategyPrompt: z.string().nullable().optional(),
    deleted: z.boolean().optional(),
  })
  .meta({ id: 'Agent' });

export const AgentCreated = z.object({
  agent: AgentOut,
  /** Shown once. Signs requests to an http agent (X-Coup-Signature) and authenticates a ws agent. */
  secret: z.string(),
});

export const CheckResult = z.object({
  ok: z.boolean(),
  latencyMs: z.number(),
  answer: z.unknown().nullable(),
  fault: z.object({ reason: z.string(), message: z.string() }).nullable(),
  request: z.unknown(),
  /** An llm agent's model calls for the sample decision (tokens, retries, raw answer). */
  llm: LlmDecision.optional(),
});
