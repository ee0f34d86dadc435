import { applyAction, createGame, eventFor } from '@coup/engine';
import type { Action, GameSetup } from '@coup/engine';
import { buildDecisionRequest, decisionId } from './decision';
import type { HistoryEntry } from './game';
import type { DecisionRequest } from './messages';
import { historyEntry } from './wire';

// A fixed three-seat game of the Inquisitor game (ruleset `inquisitors`) that walks through its new
// names: an interrogation (interrogate_show, interrogate_decide, a forced exchange), the inquisitor's
// exchange of one card, and a steal blocked with the inquisitor. The golden `inquisitors-decision-*`
// fixtures are built from it, in protocol 2 without a prompt (the prompt's wording of this game is not
// settled yet; the requests' JSON is).

export const INQUISITOR_NAMES = ['asker', 'asked', 'third'];
export const INQUISITOR_MATCH_ID = 'mt_Inq1';
const SEED = 'inquisitor-fixture-seed';

export const INQUISITOR_SETUP: GameSetup = {
  hands: [
    ['inquisitor', 'duke'],
    ['captain', 'contessa'],
    ['assassin', 'inquisitor'],
  ],
  deck: ['duke', 'captain', 'assassin', 'duke', 'assassin', 'captain', 'inquisitor', 'contessa', 'contessa'],
  firstSeat: 0,
};

const pass: Action = { type: 'pass' };

/** [seat, action, fixture to capture for that seat just before the action is applied]. */
const SCRIPT: [number, Action, string?][] = [
  // Turn 0: seat 0 interrogates seat 1, which shows its Contessa; seat 0 forces an exchange.
  [0, { type: 'interrogate', data: { target: 1 } }],
  [1, pass],
  [2, pass],
  [1, { type: 'show_card', data: { card_index: 1 } }, 'inquisitors-decision-interrogate_show'],
  [0, { type: 'force_exchange' }, 'inquisitors-decision-interrogate_decide'],
  // Turn 1: seat 1 exchanges claiming the inquisitor, draws one card and returns it.
  [1, { type: 'exchange' }],
  [2, pass],
  [0, pass],
  [1, { type: 'return_cards', data: { return_indices: [2] } }, 'inquisitors-decision-exchange_return'],
  // Turn 2: seat 2 steals from seat 0, which blocks claiming the inquisitor; seat 2 lets the block stand.
  [2, { type: 'steal', data: { target: 0 } }, 'inquisitors-decision-action'],
  [0, pass],
  [1, pass],
  [0, { type: 'block', data: { role: 'inquisitor' } }, 'inquisitors-decision-block'],
  [2, pass],
];

/** The captured requests, by fixture name. */
export function playInquisitorScenario(): Record<string, DecisionRequest> {
  let state = createGame({ players: 3, seed: SEED, ruleset: 'inquisitors', setup: INQUISITOR_SETUP });
  const history: HistoryEntry[][] = [[], [], []];
  const requests: Record<string, DecisionRequest> = {};
  SCRIPT.forEach(([seat, action, capture], round) => {
    if (capture) {
      requests[capture] = buildDecisionRequest({
        state,
        seat,
        matchId: INQUISITOR_MATCH_ID,
        decisionId: decisionId(INQUISITOR_MATCH_ID, round, seat),
        deadline: 1795300000000,
        timeoutMs: 5000,
        names: INQUISITOR_NAMES,
        history: history[seat]!.slice(),
        wire: { historyMode: 'full', wantsPrompt: false },
      });
    }
    const r = applyAction(state, seat, action);
    if (!r.ok) throw new Error(`inquisitor scenario step ${round}: ${r.error.message}`);
    state = r.state;
    for (const e of r.events) history.forEach((h, s) => h.push(historyEntry(eventFor(e, s))));
  });
  return requests;
}
