import { legalActions, viewFor } from '@coup/engine';
import type { GameState } from '@coup/engine';
import type { HistoryEntry } from './game';
import type { DecisionRequest } from './messages';
import { renderPrompt } from './prompt';
import type { PromptInput } from './prompt';
import { PROTOCOL_VERSION } from './version';
import { wireState } from './wire';

/** `${matchId}.${n}.${seat}`: n counts the decision rounds of the match (seats asked together share it). */
export function decisionId(matchId: string, round: number, seat: number): string {
  return `${matchId}.${round}.${seat}`;
}

export interface BuildDecisionOptions {
  state: GameState;
  seat: number;
  matchId: string;
  decisionId: string;
  /** Epoch milliseconds. */
  deadline: number;
  timeoutMs: number;
  /** Display names, by seat. */
  names: readonly string[];
  /** The public history as this seat may see it (events redacted with eventFor(e, seat)), oldest first. */
  history: HistoryEntry[];
  strategyPrompt?: string;
}

/**
 * The `/decide` body for one seat. The runner and the replay tools both build requests here, so a
 * request can be rebuilt from a replay exactly as it was sent.
 */
export function buildDecisionRequest(o: BuildDecisionOptions): DecisionRequest {
  // One object, keys in PROTOCOL.md order, `prompt` filled in last (renderPrompt does not read it).
  const req: PromptInput & { prompt?: string } = {
    protocol: PROTOCOL_VERSION,
    type: 'decision',
    matchId: o.matchId,
    decisionId: o.decisionId,
    seat: o.seat,
    phase: o.state.phase,
    deadline: o.deadline,
    timeoutMs: o.timeoutMs,
    state: wireState(viewFor(o.state, o.seat), o.names),
    history: o.history,
    legalActions: legalActions(o.state, o.seat),
  };
  if (o.strategyPrompt !== undefined) req.strategyPrompt = o.strategyPrompt;
  req.prompt = renderPrompt(req);
  return req as DecisionRequest;
}
