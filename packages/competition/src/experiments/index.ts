export { advanceAfterMatch, advanceExperiment, advanceExperiments, dealRotation, dealSeed } from './advance';
export type { AdvanceOptions, AdvanceReport } from './advance';
export { cancelExperiment, CANCELLED } from './cancel';
export type { CancelOutcome } from './cancel';
