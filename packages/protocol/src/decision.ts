import { legalActions, viewFor } from '@coup/engine';
import type { GameState } from '@coup/engine';
import type { HistoryEntry } from './game';
import type { DecisionRequest } from './messages';
import { renderPrompt } from './prompt';
import type { PromptInput } from './prompt';
import { PROTOCOL_VERSION, protocolFor } from './version';
import type { WirePrefs } from './version';
import { wireState } from './wire';

/**
 * `${matchId}.a${attempt}.${round}.${seat}`: `attempt` counts the runs of the match (a match whose worker
 * died is played again from the start, as attempt 2, 3...), `round` the decision rounds of that run (seats
 * asked together share it). Unique per attempt, so an agent's answer cache never answers a re-run's question
 * with an answer to the first run's. Agents must treat it as opaque (PROTOCOL.md).
 */
export function decisionId(matchId: string, round: number, seat: number, attempt = 1): string {
  return `${matchId}.a${attempt}.${round}.${seat}`;
}

export interface DecisionIdParts {
  /** null for ids of replays recorded before ids carried the attempt (`${matchId}.${round}.${seat}`). */
  attempt: number | null;
  round: number;
  seat: number;
}

/** The parts of a decision id of match `matchId` (either format), or null when it is not one. */
export function parseDecisionId(id: string, matchId: string): DecisionIdParts | null {
  if (!id.startsWith(`${matchId}.`)) return null;
  const m = /^(?:a([1-9]\d*)\.)?(0|[1-9]\d*)\.(0|[1-9]\d*)$/.exec(id.slice(matchId.length + 1));
  if (!m) return null;
  return { attempt: m[1] === undefined ? null : Number(m[1]), round: Number(m[2]), seat: Number(m[3]) };
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
  /**
   * The public history sent, as this seat may see it (events redacted with eventFor(e, seat)), oldest
   * first: the whole history, or in delta mode the entries from `historyFrom` on.
   */
  history: HistoryEntry[];
  /** Protocol 2: index of `history[0]` in the seat's whole history (default 0). */
  historyFrom?: number;
  /**
   * The seat's whole history, when `history` is a delta: the prompt describes the current turn, which
   * may have begun before the delta. Only read during the call. Default: `history`.
   */
  promptHistory?: readonly HistoryEntry[];
  strategyPrompt?: string;
  /** What the seat's player wants (default: protocol 1, whole history and prompt). */
  wire?: WirePrefs;
}

/**
 * The `/decide` body for one seat. The runner and the replay tools both build requests here, so a
 * request can be rebuilt from a replay exactly as it was sent.
 */
export function buildDecisionRequest(o: BuildDecisionOptions): DecisionRequest {
  const protocol = protocolFor(o.wire);
  const state = wireState(viewFor(o.state, o.seat), o.names);
  const legal = legalActions(o.state, o.seat);
  // One object literal per protocol, not a shared head spread into each (with the replay step built the
  // same way, the runner's CPU a house match fell by about a third: DESIGN "the runner's cost per
  // decision"), keys in PROTOCOL.md order (historyFrom right after history, protocol 2 only), `prompt`
  // filled in last (renderPrompt does not read it).
  const req: PromptInput & { prompt?: string } =
    protocol === PROTOCOL_VERSION
      ? {
          protocol,
          type: 'decision',
          matchId: o.matchId,
          decisionId: o.decisionId,
          seat: o.seat,
          phase: o.state.phase,
          deadline: o.deadline,
          timeoutMs: o.timeoutMs,
          state,
          history: o.history,
          legalActions: legal,
        }
      : {
          protocol,
          type: 'decision',
          matchId: o.matchId,
          decisionId: o.decisionId,
          seat: o.seat,
          phase: o.state.phase,
          deadline: o.deadline,
          timeoutMs: o.timeoutMs,
          state,
          history: o.history,
          historyFrom: o.historyFrom ?? 0,
          legalActions: legal,
        };
  if (o.strategyPrompt !== undefined) req.strategyPrompt = o.strategyPrompt;
  // Built only for agents that read it: rendering is a good part of a request's cost.
  if (o.wire?.wantsPrompt ?? true) {
    req.prompt = renderPrompt(
      o.promptHistory && o.promptHistory !== o.history ? { ...req, history: o.promptHistory } : req,
    );
  }
  return req as DecisionRequest;
}
