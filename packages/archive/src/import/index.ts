export { importDataset } from './import';
export type { ImportOptions, ImportProgress, ImportSummary, ReplaySummary } from './import';
export { readGame } from './read-game';
export type { GameEncoding, ReadGame } from './read-game';
export { openArrayFile, FileError } from './source';
export { settleBlockers } from './blockers';
export { readShape, shapeOf } from './shapes';
