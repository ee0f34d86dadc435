import fc from 'fast-check';
import { createGame } from '../create';
import { playOut, randomChooser } from './helpers';
import type { GameRecord, RandomGameOptions } from './helpers';

// fast-check arbitraries for property tests over whole games (engine, runner, bots).

/** A random game: seed, 2-6 seats, the chooser's own seed, and how often a random living seat forfeits. */
export const gameArb = fc.record({
  seed: fc.string({ maxLength: 12 }),
  players: fc.integer({ min: 2, max: 6 }),
  chooser: fc.nat(),
  forfeitRate: fc.constantFrom(0, 0, 0.003, 0.02, 0.1),
});

export type GameParams = typeof gameArb extends fc.Arbitrary<infer T> ? T : never;

/** Plays the game `g` describes to the end with random legal answers (see randomChooser). */
export function playGame(g: GameParams, opts: RandomGameOptions = {}): GameRecord {
  return playOut(
    createGame({ players: g.players, seed: g.seed }),
    randomChooser(g.chooser, { forfeitRate: g.forfeitRate }),
    opts,
  );
}
