export { buildRequest } from './request';
export type { RequestInput } from './request';
export { playMatch } from './match';
export { scenario } from './scenario';
export type { MatchOptions, MatchResult } from './match';
export { runSeries, lineups } from './series';
export type { SeriesResult, KindStats } from './series';
