// The API's responses the CLI reads: inferred from the API's zod schemas (apps/api/src/schemas/types.ts,
// the source of openapi.yaml), never declared again here. Type-only and erased at run time: the CLI loads
// nothing of apps/api. The CLI prints what the platform says and passes --json output through untouched.

export type {
  Account,
  AccountCreated,
  Agent,
  AgentCreated,
  CheckResult,
  Leaderboard,
  LeaderboardEntry,
  Match,
  MatchStatus,
  Page,
  QueueState,
} from '@coup/api/types';
