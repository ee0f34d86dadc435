import { applyAction, createGame, eventFor } from '@coup/engine';
import type { Action, GameSetup, GameState } from '@coup/engine';
import { buildDecisionRequest, decisionId } from './decision';
import type { HistoryEntry } from './game';
import type { DecisionRequest } from './messages';
import { historyEntry } from './wire';

// A fixed three-seat game that walks through every phase, close to the PROTOCOL.md example: at turn 7
// seat 0 (4 coins) claims Captain to steal from seat 2 (3 coins, Duke face-down, Contessa revealed) while
// seat 1 is out with Captain and Duke revealed. The golden decision fixtures are built from it.

export const NAMES = ['sharp-bot', 'llm-7', 'you'];
export const MATCH_ID = 'mt_8Zq1';
export const SEED = 'fixture-seed';
export const DEADLINE = 1795300000000;
export const TIMEOUT_MS = 5000;
export const STRATEGY = 'Challenge captains when two are already revealed.';

export const SETUP: GameSetup = {
  hands: [
    ['duke', 'captain'],
    ['captain', 'duke'],
    ['duke', 'contessa'],
  ],
  deck: [
    'assassin',
    'assassin',
    'assassin',
    'captain',
    'ambassador',
    'ambassador',
    'ambassador',
    'contessa',
    'contessa',
  ],
  firstSeat: 0,
};

const pass: Action = { type: 'pass' };
const challenge: Action = { type: 'challenge' };

/** [seat, action, fixture to capture for that seat just before the action is applied]. */
const SCRIPT: [number, Action, string?][] = [
  // Turn 0: seat 0 taxes (truthful Duke); seat 1 challenges and loses its Captain.
  [0, { type: 'tax' }, 'decision-action'],
  [1, challenge],
  [1, { type: 'lose_card', data: { card_index: 0 } }, 'decision-lose_influence'],
  // Turns 1, 2: income.
  [1, { type: 'income' }],
  [2, { type: 'income' }],
  // Turn 3: seat 0 assassinates seat 1, which bluffs a Contessa block; seat 0 challenges, seat 1 is out.
  [0, { type: 'assassinate', data: { target: 1 } }],
  [1, pass],
  [2, pass],
  [1, { type: 'block', data: { role: 'contessa' } }],
  [0, challenge, 'decision-challenge_block'],
  [1, { type: 'lose_card', data: { card_index: 1 } }],
  // Turn 4: seat 2 exchanges and keeps its hand.
  [2, { type: 'exchange' }],
  [0, pass],
  [2, { type: 'return_cards', data: { return_indices: [2, 3] } }, 'decision-exchange_return'],
  // Turn 5: seat 0 steals from seat 2 with its Captain; seat 2 challenges, loses its Contessa, allows it.
  [0, { type: 'steal', data: { target: 2 } }],
  [2, challenge],
  [2, { type: 'lose_card', data: { card_index: 1 } }],
  [2, pass, 'decision-block'],
  // Turn 6: seat 2 takes foreign aid, unblocked.
  [2, { type: 'foreign_aid' }],
  [0, pass],
  // Turn 7: seat 0 claims Captain to steal from seat 2.
  [0, { type: 'steal', data: { target: 2 } }],
  [2, pass, 'decision-challenge_action'],
];

export interface Scenario {
  requests: Record<string, DecisionRequest>;
  final: GameState;
}

export function playScenario(): Scenario {
  let state = createGame({ players: 3, seed: SEED, setup: SETUP });
  const history: HistoryEntry[][] = [[], [], []];
  const requests: Record<string, DecisionRequest> = {};
  // By seat: its history's size when it last answered (where a delta-mode request starts).
  const answeredAt = [0, 0, 0];
  SCRIPT.forEach(([seat, action, capture], round) => {
    // What every captured request shares: this question to this seat.
    const question = {
      state,
      seat,
      matchId: MATCH_ID,
      decisionId: decisionId(MATCH_ID, round + 34, seat),
      deadline: DEADLINE,
      timeoutMs: TIMEOUT_MS,
      names: NAMES,
    };
    if (capture) {
      requests[capture] = buildDecisionRequest({
        ...question,
        history: history[seat]!.slice(),
        strategyPrompt: seat === 2 ? STRATEGY : undefined,
      });
    }
    if (capture === 'decision-challenge_action') {
      // The same question in protocol 2, to an agent registered with historyMode delta, wantsPrompt false.
      const from = answeredAt[seat]!;
      requests['decision-delta'] = buildDecisionRequest({
        ...question,
        history: history[seat]!.slice(from),
        historyFrom: from,
        promptHistory: history[seat]!,
        strategyPrompt: STRATEGY,
        wire: { historyMode: 'delta', wantsPrompt: false },
      });
    }
    answeredAt[seat] = history[seat]!.length;
    const r = applyAction(state, seat, action);
    if (!r.ok) throw new Error(`scenario step ${round}: ${r.error.message}`);
    state = r.state;
    for (const e of r.events) history.forEach((h, s) => h.push(historyEntry(eventFor(e, s))));
  });
  return { requests, final: state };
}
