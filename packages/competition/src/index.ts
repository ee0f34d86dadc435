// @coup/competition: what makes matches into a competition, shared by the API and the worker: writing and
// placing matches (placement, retry, seeds), match groups, events (pairings, standings), experiments, seat
// statistics, the rating log; and runtime.ts, one process's connections (Prisma, Redis, the match queues)
// wired to the gateway (@coup/gateway). Explicit exports: what is not listed here is internal.
export { createRuntime } from './runtime';
export type { Runtime } from './runtime';
export {
  createMatch,
  ENQUEUE_WAIT_MS,
  enqueueMatch,
  enqueueMatches,
  enqueueWithin,
  hasJob,
  placementOfNew,
  requeueOrphans,
} from './create-match';
export {
  asQueues,
  casual,
  CASUAL_PRIORITY,
  eachQueue,
  FORMED,
  jobFor,
  placementOf,
  table,
} from './match-placement';
export type { MatchLane, MatchPlacement, MatchQueues } from './match-placement';
export {
  MATCH_BACKOFF,
  MATCH_RETRY,
  matchJobOptions,
  matchRetryDelay,
  matchRetryWindowMs,
} from './match-retry';
export { insertMatchGroup, rotateLineup } from './match-groups';
export type { NewMatchGroup } from './match-groups';
export { listenMatchesCancelled, MatchesCancelled, publishMatchesCancelled } from './match-cancel';
export {
  behaviour,
  emptyStats,
  histogramPercentile,
  histogramPercentiles,
  percentile,
  seatStats,
  sumStats,
} from './seat-stats';
export type { SeatStats } from './seat-stats';
export { matchResultOf } from './match-result';
export { ANSWER_MS, replayPacker, RESTART_MS } from './replay-packer';
export type { ReplayPacker, ReplayPackerOptions } from './replay-packer';
export { rankingOf, ratingLog, ratingLogStream } from './rating-log';
export { checkRatings } from './ratings-check';
export {
  chunkTables,
  circleRound,
  compareStandings,
  computeStandings,
  greedyTables,
  Meetings,
  pairRound,
  planTables,
  seatPoints,
  separateOwners,
} from './events/index';
export type {
  EventEntrant,
  EventFormat,
  EventMatchRecord,
  EventMatchStatus,
  PairingInput,
  RoundPairing,
  SeparatedTables,
  Standing,
  TablePlan,
} from './events/index';
export {
  advanceAfterMatch,
  advanceExperiment,
  advanceExperiments,
  cancelExperiment,
  CANCELLED,
  dealRotation,
  dealSeed,
} from './experiments/index';
export type { AdvanceOptions, AdvanceReport, CancelOutcome } from './experiments/index';
