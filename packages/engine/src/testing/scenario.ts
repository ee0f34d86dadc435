import type { GameEvent, GameState, Role } from '../types';
import { gameFrom, play } from './helpers';
import type { SetupOptions, Step } from './helpers';

export interface Scenario {
  name: string;
  /** The situation `state` is in, in words. */
  description: string;
  /** The game right after createGame. */
  initial: GameState;
  /** The decisions that lead from `initial` to `state`. */
  steps: Step[];
  state: GameState;
  events: GameEvent[];
}

/** A named situation: `hands` dealt as `opts` says, then `steps` played. */
export function scenario(
  name: string,
  description: string,
  hands: Role[][],
  opts: SetupOptions,
  steps: Step[],
): Scenario {
  const initial = gameFrom(hands, opts);
  const { state, events } = play(initial, steps);
  return { name, description, initial, steps, state, events };
}
