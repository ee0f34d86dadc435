import { applyAction, createGame, eventsFor } from '@coup/engine';
import type { Action, GameSetup, GameState, RulesetId } from '@coup/engine';
import { historyEntry } from '@coup/protocol';
import type { DecisionRequest } from '@coup/protocol';
import { buildRequest } from './request';

/**
 * A scripted position for tests: an explicit deal, then the given (seat, action) steps, then the request
 * that `seat` would receive, in the game `ruleset`. Throws when a step is illegal, so a broken script fails loudly.
 */
export function scenario(
  setup: GameSetup,
  steps: [number, Action][],
  seat: number,
  ruleset: RulesetId = 'original',
): DecisionRequest {
  let state: GameState = createGame({ players: setup.hands.length, seed: 'scenario', setup, ruleset });
  const events = [];
  for (const [s, a] of steps) {
    const r = applyAction(state, s, a);
    if (!r.ok) throw new Error(`step ${JSON.stringify(a)} by seat ${s}: ${r.error.message}`);
    state = r.state;
    events.push(...r.events);
  }
  return buildRequest({
    state,
    seat,
    matchId: 'scenario',
    decisionId: `scenario.${steps.length}.${seat}`,
    names: setup.hands.map((_, i) => `seat${i}`),
    history: eventsFor(events, seat).map(historyEntry),
  });
}
