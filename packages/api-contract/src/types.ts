import type { z } from 'zod';
import type {
  AccountCreated as AccountCreatedSchema,
  AccountMe as AccountMeSchema,
  AccountOut,
  LlmUsageToday as LlmUsageTodaySchema,
} from './accounts';
import type {
  AgentCreated as AgentCreatedSchema,
  AgentOut,
  CheckResult as CheckResultSchema,
} from './agents';
import type { AgentCreate as AgentCreateSchema, AgentUpdate as AgentUpdateSchema } from './agent-input';
import type { ExperimentCreate as ExperimentCreateSchema } from './experiment-input';
import type { ModelList as ModelListSchema } from './models';
import type { ErrorBody, Page as PageSchema } from './common';
import type { EventDetail as EventDetailSchema, EventEntryOut, EventOut, StandingOut } from './events';
import type {
  Leaderboard as LeaderboardSchema,
  LeaderboardEntry as LeaderboardEntrySchema,
  QueueState as QueueStateSchema,
  RatingsCheck as RatingsCheckSchema,
} from './ladder';
import type { MatchOut, MatchSeatOut, MatchStatus as MatchStatusSchema } from './matches';
import type { TableCreated as TableCreatedSchema, TableTicket as TableTicketSchema } from './tables';
import type {
  ExperimentComparisonOut,
  ExperimentOut as ExperimentOutSchema,
  ExperimentPromptOut,
  ExperimentSummary as ExperimentSummarySchema,
  PairedDifference as PairedDifferenceSchema,
} from './experiments';
import type {
  DatasetDetail as DatasetDetailSchema,
  DatasetOut,
  HumanGameOut,
  HumanGameRow as HumanGameRowSchema,
} from './datasets';

// The API's response bodies as TypeScript types, inferred from the zod schemas that validate them and
// generate openapi.yaml, so clients (apps/cli, apps/web) never declare them again. Types only: import
// with `import type { ... } from '@coup/api-contract/types'`, which is erased and loads nothing at run time.

export type ApiErrorBody = z.output<typeof ErrorBody>;

/** A cursor-paginated list (`GET /v1/agents`, `/v1/matches`, `/v1/events`). */
export type Page<T> = z.output<ReturnType<typeof PageSchema<z.ZodType<T>>>>;

export type Account = z.output<typeof AccountOut>;
export type AccountCreated = z.output<typeof AccountCreatedSchema>;
/** GET /v1/accounts/me: the account and its model tokens today. */
export type AccountMe = z.output<typeof AccountMeSchema>;
export type LlmUsageToday = z.output<typeof LlmUsageTodaySchema>;

export type Agent = z.output<typeof AgentOut>;
export type Rating = NonNullable<Agent['rating']>;
/** One rating period of the profile's history (GET /v1/agents/:id). */
export type RatingPoint = NonNullable<Agent['ratingHistory']>[number];
/** The profile's behaviour figures (GET /v1/agents/:id). */
export type BehaviourStats = NonNullable<Agent['stats']>;
export type AgentCreated = z.output<typeof AgentCreatedSchema>;
export type CheckResult = z.output<typeof CheckResultSchema>;
/** What POST /v1/agents and PATCH /v1/agents/:id take (request bodies: zod's input side). */
export type AgentCreateInput = z.input<typeof AgentCreateSchema>;
export type AgentUpdateInput = z.input<typeof AgentUpdateSchema>;
/** GET /v1/models: the models an llm agent or an experiment may use, their prices and currency. */
export type ModelList = z.output<typeof ModelListSchema>;

export type MatchStatus = z.output<typeof MatchStatusSchema>;
export type MatchSeat = z.output<typeof MatchSeatOut>;
export type Match = z.output<typeof MatchOut>;

export type LeaderboardEntry = z.output<typeof LeaderboardEntrySchema>;
export type Leaderboard = z.output<typeof LeaderboardSchema>;
export type QueueState = z.output<typeof QueueStateSchema>;
export type RatingsCheck = z.output<typeof RatingsCheckSchema>;

/** An event as listed (GET /v1/events). */
export type EventSummary = z.output<typeof EventOut>;
export type EventDetail = z.output<typeof EventDetailSchema>;
export type EventEntry = z.output<typeof EventEntryOut>;
export type Standing = z.output<typeof StandingOut>;
/** An agent as events show it (entrants, standings). */
export type AgentRef = Standing['agent'];

/** A casual table with the caller's seat (POST /v1/tables). */
export type Table = z.output<typeof TableCreatedSchema>;
/** How to open the person's socket at a table (POST /v1/tables/:id/ticket). */
export type TableTicket = z.output<typeof TableTicketSchema>;
export type Experiment = z.output<typeof ExperimentOutSchema>;
/** What POST /v1/experiments takes. */
export type ExperimentCreateInput = z.input<typeof ExperimentCreateSchema>;
export type ExperimentSummary = z.output<typeof ExperimentSummarySchema>;
export type ExperimentComparison = z.output<typeof ExperimentComparisonOut>;
export type ExperimentPrompt = z.output<typeof ExperimentPromptOut>;
export type PairedDifference = z.output<typeof PairedDifferenceSchema>;

/** A human dataset as listed (GET /v1/datasets). */
export type Dataset = z.output<typeof DatasetOut>;
export type DatasetDetail = z.output<typeof DatasetDetailSchema>;
export type HumanBaselines = NonNullable<DatasetDetail['baselines']>;
export type HumanGameRow = z.output<typeof HumanGameRowSchema>;
/** A human game, decoded, with its turn-by-turn timeline (GET /v1/datasets/:id/games/:ordinal). */
export type HumanGame = z.output<typeof HumanGameOut>;
export type HumanTurn = HumanGame['timeline']['turns'][number];
