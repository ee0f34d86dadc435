export { computeStandings, compareStandings, seatPoints } from './standings';
export type { EventEntrant, EventMatchRecord, EventMatchStatus, Standing } from './standings';
export { pairRound } from './pairings';
export type { EventFormat, PairingInput, RoundPairing } from './pairings';
export { planTables, chunkTables } from './tables';
export type { TablePlan } from './tables';
export { circleRound, greedyTables } from './round-robin';
export { Meetings } from './meetings';
export { seededRandom, shuffled } from './random';
