export { advanceAfterMatch, advanceExperiment, advanceExperiments, dealRotation, dealSeed } from './advance';
export type { AdvanceOptions, AdvanceReport } from './advance';
