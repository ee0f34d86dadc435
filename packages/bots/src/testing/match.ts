import { applyAction, createGame, eventsFor, isOver, pendingSeats, ranking } from '@coup/engine';
import type { Action, GameEvent, GameState, RulesetId } from '@coup/engine';
import { historyEntry } from '@coup/protocol';
import type { DecisionRequest, HistoryEntry } from '@coup/protocol';
import type { Bot } from '../types';
import { buildRequest } from './request';

// A minimal in-process match loop for tests and the strength benchmark, independent of @coup/runner:
// ask every pending seat with the same state, apply the answers in seat order, ignore `not_pending`
// (a window closed by an earlier seat), and fail loudly on anything else, since a bot must never answer
// illegally.

export interface MatchResult {
  ranking: number[][];
  turns: number;
  decisions: number;
  state: GameState;
}

export interface MatchOptions {
  seed: string;
  matchId?: string;
  /** The rules played (default `original`). */
  ruleset?: RulesetId;
  /** Called with every request and answer (tests use it to check properties of the bots). */
  onDecision?: (req: DecisionRequest, action: Action, bot: Bot) => void;
}

export function playMatch(bots: readonly Bot[], opts: MatchOptions): MatchResult {
  const matchId = opts.matchId ?? `m_${opts.seed}`;
  const names = bots.map((b) => b.name);
  let state = createGame({
    players: bots.length,
    seed: opts.seed,
    ...(opts.ruleset ? { ruleset: opts.ruleset } : {}),
  });
  const histories: HistoryEntry[][] = bots.map(() => []);
  const record = (events: readonly GameEvent[]) => {
    histories.forEach((h, seat) => {
      for (const e of eventsFor(events, seat)) h.push(historyEntry(e));
    });
  };
  // By seat: its history's size at its previous request (house bots get deltas from there).
  const sentUpTo = bots.map(() => 0);
  let step = 0;
  let decisions = 0;
  while (!isOver(state)) {
    const seats = pendingSeats(state);
    if (seats.length === 0) throw new Error(`no pending seat in phase ${state.phase}`);
    step++;
    const asked = seats.map((seat) => {
      const bot = bots[seat] as Bot;
      const req = buildRequest({
        state,
        seat,
        matchId,
        decisionId: `${matchId}.${step}.${seat}`,
        names,
        history: (histories[seat] as HistoryEntry[]).slice(sentUpTo[seat]),
        historyFrom: sentUpTo[seat] as number,
      });
      sentUpTo[seat] = (histories[seat] as HistoryEntry[]).length;
      const action = bot.decide(req).action as Action;
      decisions++;
      opts.onDecision?.(req, action, bot);
      return { seat, action };
    });
    for (const { seat, action } of asked) {
      const r = applyAction(state, seat, action);
      if (r.ok) {
        state = r.state;
        record(r.events);
      } else if (r.error.code !== 'not_pending' && r.error.code !== 'game_over') {
        throw new Error(`${bots[seat]?.name} at seat ${seat}: ${r.error.message}`);
      }
    }
  }
  return { ranking: ranking(state), turns: state.turn, decisions, state };
}
