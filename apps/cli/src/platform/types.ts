// The API's responses the CLI reads: inferred from the REST contract's zod schemas (packages/api-contract,
// the source of openapi.yaml), never declared again here. Type-only and erased at run time. The CLI prints
// what the platform says and passes --json output through untouched.

export type {
  Account,
  AccountCreated,
  AccountMe,
  Agent,
  AgentCreated,
  CheckResult,
  Experiment,
  ExperimentSummary,
  PairedDifference,
  Leaderboard,
  LlmUsageToday,
  LeaderboardEntry,
  Match,
  MatchStatus,
  Page,
  QueueState,
} from '@coup/api-contract/types';
