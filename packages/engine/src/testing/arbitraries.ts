import fc from 'fast-check';
import { createGame } from '../create';
import { RULESET_IDS } from '../types';
import type { GameState, RulesetId } from '../types';
import { playOut, randomChooser } from './helpers';
import type { GameRecord, RandomGameOptions } from './helpers';

// fast-check arbitraries for property tests over whole games (engine, runner, bots).

/**
 * A random `original` game: seed, 2-6 seats, the chooser's own seed, and how often a random living seat
 * forfeits.
 */
export const gameArb = fc.record({
  seed: fc.string({ maxLength: 12 }),
  players: fc.integer({ min: 2, max: 6 }),
  chooser: fc.nat(),
  forfeitRate: fc.constantFrom(0, 0, 0.003, 0.02, 0.1),
});

/** What playGame plays: a gameArb value, with a ruleset when it is not `original`. */
export type GameParams = (typeof gameArb extends fc.Arbitrary<infer T> ? T : never) & { ruleset?: RulesetId };

/** A random game of either ruleset (as gameArb, plus `ruleset`): the engine's properties hold for both. */
export const rulesetGameArb: fc.Arbitrary<GameParams & { ruleset: RulesetId }> = fc
  .tuple(gameArb, fc.constantFrom(...RULESET_IDS))
  .map(([g, ruleset]) => ({ ...g, ruleset }));

/** A new game as `g` describes it (its ruleset included). */
export function gameOf(g: GameParams): GameState {
  return createGame({ players: g.players, seed: g.seed, ...(g.ruleset ? { ruleset: g.ruleset } : {}) });
}

/** Plays the game `g` describes to the end with random legal answers (see randomChooser). */
export function playGame(g: GameParams, opts: RandomGameOptions = {}): GameRecord {
  return playOut(gameOf(g), randomChooser(g.chooser, { forfeitRate: g.forfeitRate }), opts);
}
