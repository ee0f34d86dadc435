export { createMatchWorker, stopMatchWorker } from './match-worker';
export type { MatchWorkerOptions } from './match-worker';
export { runMatchJob } from './run-match-job';
export type { MatchJobDeps, MatchJobOutcome } from './run-match-job';
export * from './ladder/index';
export { startWorkers } from './start-workers';
export type { Workers } from './start-workers';
export { asJobFailure } from './job-failure';
