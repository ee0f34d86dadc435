// @coup/random: the one seeded-randomness module. Seeds to numbers (hash.ts), the PRNG kept in a game's
// state (state.ts) and seeded streams for bots, events, tests and benchmarks (stream.ts), and the one
// Fisher-Yates shuffle for them (shuffle.ts).
export { hash32, seedCommitment, seedWords128 } from './hash';
export { randomInt, shuffleInPlace, stateFromInt } from './state';
export { pick, randomBelow, seededPicker, seededRandom } from './stream';
export { shuffle, shuffleBy, shuffled } from './shuffle';
export type { Random } from './stream';
