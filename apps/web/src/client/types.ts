// The shapes the web UI reads from the API: inferred from the REST contract's zod schemas
// (packages/api-contract, the source of openapi.yaml), never declared again here. Type-only, so esbuild
// erases the import and the browser bundle holds no zod.

export type {
  Account,
  AccountCreated,
  Agent,
  AgentRef,
  BehaviourStats,
  Dataset,
  DatasetDetail,
  HumanBaselines,
  HumanGame,
  HumanGameRow,
  HumanTurn,
  EventDetail,
  EventSummary,
  Experiment,
  ExperimentComparison,
  ExperimentSummary,
  PairedDifference,
  Leaderboard,
  LeaderboardEntry,
  Match,
  MatchSeat,
  MatchStatus,
  Page,
  Rating,
  RatingPoint,
  Standing,
  Table,
  TableTicket,
} from '@coup/api-contract/types';
