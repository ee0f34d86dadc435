// The shapes the web UI reads from the API: inferred from the API's zod schemas
// (apps/api/src/schemas/types.ts, the source of openapi.yaml), never declared again here. Type-only, so
// esbuild erases the import and the browser bundle holds nothing of apps/api.

export type {
  Agent,
  AgentRef,
  BehaviourStats,
  EventDetail,
  EventSummary,
  Leaderboard,
  LeaderboardEntry,
  Match,
  MatchSeat,
  MatchStatus,
  Page,
  Rating,
  RatingPoint,
  Standing,
} from '@coup/api/types';
