import { applyAction, createGame, eventsFor, legalActions, pendingSeats } from '@coup/engine';
import type { GameEvent, GameState } from '@coup/engine';
import { buildDecisionRequest, decisionId, historyEntry } from '@coup/protocol';
import type { DecisionRequest } from '@coup/protocol';

/**
 * A real decision request: a seeded game played a few steps with the first legal action, then the
 * request for the first pending seat, exactly as the runner builds it.
 */
export function realRequest(seed = 'sdk', steps = 5, players = 3): DecisionRequest {
  let state: GameState = createGame({ players, seed });
  const events: GameEvent[] = [];
  for (let i = 0; i < steps; i++) {
    const seat = pendingSeats(state)[0];
    if (seat === undefined) break;
    const action = legalActions(state, seat)[0];
    if (!action) break;
    const r = applyAction(state, seat, action);
    if (!r.ok) throw new Error(r.error.message);
    state = r.state;
    events.push(...r.events);
  }
  const seat = pendingSeats(state)[0] ?? 0;
  const matchId = `mt_${seed}`;
  return buildDecisionRequest({
    state,
    seat,
    matchId,
    decisionId: decisionId(matchId, steps, seat),
    deadline: Date.now() + 5000,
    timeoutMs: 5000,
    names: Array.from({ length: players }, (_, i) => `p${i}`),
    history: eventsFor(events, seat).map(historyEntry),
  });
}

export async function postJson(
  url: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: unknown }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, json };
}
