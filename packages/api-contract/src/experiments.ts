import { z } from 'zod';
import { AccountId, AgentId, idOf, Limit, MatchId, Ruleset, Timestamp } from './common';
import { MatchStatus } from './matches';

export * from './experiment-input';

// Prompt experiments (POST /v1/experiments): one model, two or more strategy prompts, the same opponents,
// a number of deals. Each deal is a match group (one match per prompt on one seed, the same opponents in
// the same seats, seats rotated from deal to deal); results are compared deal by deal.

export const ExperimentId = idOf('ex');
export const MatchGroupId = idOf('mg');

/** `/experiments/:id` */
export const ExperimentPath = z.object({ id: ExperimentId });

/**
 * `cancelled`: its owner stopped it (DELETE /v1/experiments/:id): no more deals were queued and its
 * unfinished matches were aborted (reason `cancelled`); the deals that completed still count.
 */
export const ExperimentStatus = z.enum(['running', 'finished', 'cancelled']);

export const ExperimentListQuery = z.strictObject({
  owner: AccountId.optional(),
  status: ExperimentStatus.optional(),
  cursor: z.string().max(200).optional(),
  limit: Limit,
});

/** A paired difference (this prompt minus the baseline, deal by deal) with its 95% confidence interval. */
export const PairedDifference = z.object({
  /** Mean of the per-deal differences; null before any complete deal. */
  difference: z.number().nullable(),
  /** Student's t interval over the complete deals; null with fewer than 2. */
  ciLow: z.number().nullable(),
  ciHigh: z.number().nullable(),
  /** The interval excludes 0. */
  significant: z.boolean(),
});

export const ExperimentPromptOut = z.object({
  index: z.number().int(),
  label: z.string(),
  /** The hidden llm agent that plays this prompt (its matches and replays). */
  agentId: AgentId,
  /** The prompt itself: shown to the experiment's owner only. */
  strategyPrompt: z.string().optional(),
  /** Complete deals counted (every prompt's match of the deal finished). */
  deals: z.number().int(),
  wins: z.number().int(),
  /** Wins per complete deal (a shared first place counts as a win). */
  winRate: z.number().nullable(),
  /** Mean place (1 = winner) over the complete deals. */
  meanPlace: z.number().nullable(),
});

export const ExperimentComparisonOut = z.object({
  /** The prompt compared (its index) and the baseline (the first prompt). */
  prompt: z.number().int(),
  baseline: z.number().int(),
  deals: z.number().int(),
  /** Win rate of the prompt minus the baseline's: above 0 wins more. */
  winRate: PairedDifference,
  /** Mean place of the prompt minus the baseline's: below 0 places better. */
  meanPlace: PairedDifference,
  /** The win-rate difference and its interval after each complete deal, in deal order (the chart). */
  running: z.array(
    z.object({
      deals: z.number().int(),
      difference: z.number(),
      ciLow: z.number().nullable(),
      ciHigh: z.number().nullable(),
    }),
  ),
});

export const ExperimentProgress = z.object({
  dealsPlanned: z.number().int(),
  /** Deals whose matches have been queued so far (they are queued progressively). */
  dealsStarted: z.number().int(),
  /** Deals whose every match finished: the ones the results count. */
  dealsComplete: z.number().int(),
  /** Deals with an aborted match: left out of the results (the comparison is deal by deal). */
  dealsExcluded: z.number().int(),
  matchesPlanned: z.number().int(),
  matchesActive: z.number().int(),
  matchesFinished: z.number().int(),
  matchesAborted: z.number().int(),
});

export const ExperimentDealOut = z.object({
  deal: z.number().int(),
  groupId: MatchGroupId,
  /** The seat of the prompt's agent in this deal (the lineup's rotation). */
  rotation: z.number().int(),
  complete: z.boolean(),
  matches: z.array(
    z.object({
      prompt: z.number().int(),
      matchId: MatchId,
      status: MatchStatus,
      /** The prompt's agent's place; null until the match has finished. */
      place: z.number().int().nullable(),
    }),
  ),
});

const summaryFields = {
  id: ExperimentId,
  name: z.string(),
  owner: z.object({ id: AccountId, name: z.string() }),
  status: ExperimentStatus,
  modelName: z.string(),
  /** The ruleset its matches are played by. */
  ruleset: Ruleset,
  /** Deals planned; each is played once per prompt. */
  deals: z.number().int(),
  seatsPerMatch: z.number().int(),
  opponents: z.array(z.object({ id: AgentId, name: z.string() })),
  /** Decision deadline of the opponents' seats (llm seats play at LLM_TIMEOUT_MS). */
  timeoutMs: z.number().int(),
  /** Deal d was dealt from `<seed>:<d>`; revealed once the experiment has finished or was cancelled. */
  seed: z.string().nullable(),
  /** Of the confidence intervals (0.95). */
  confidence: z.number(),
  prompts: z.array(ExperimentPromptOut),
  comparisons: z.array(ExperimentComparisonOut),
  progress: ExperimentProgress,
  createdAt: Timestamp,
  /** When it finished, or was cancelled. */
  finishedAt: Timestamp.nullable(),
  links: z.object({ self: z.string(), web: z.string() }),
};

export const ExperimentSummary = z.object(summaryFields).meta({ id: 'ExperimentSummary' });

export const ExperimentOut = z
  .object({
    ...summaryFields,
    /** Every deal started so far, in order, with each prompt's match and place. */
    dealResults: z.array(ExperimentDealOut),
  })
  .meta({ id: 'Experiment' });
