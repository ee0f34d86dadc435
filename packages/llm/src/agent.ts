import type { DecisionRequest, LlmCall, LlmDecision } from '@coup/protocol';
import { MAX_COMMENT } from '@coup/protocol';
import { AgentFault, checkAnswer } from '@coup/runner';
import type { DecisionReport, MatchAgent } from '@coup/runner';
import { callModel } from './call';
import type { CallResult } from './call';
import { conversation, correctionMessage } from './conversation';
import type { Exchange } from './conversation';
import { extractAnswer } from './extract';
import { DEFAULT_MAX_TOKENS } from './models';
import { storableText } from './storable';
import type { ModelHandle } from './model-handle';

// One hosted llm agent: for each decision it asks its model (through the operator's OpenAI-compatible
// server), extracts {"action": ...} from the answer, and, if that is not a legal action and the deadline
// allows, asks once more with the error. 429s are retried after a backoff while the deadline allows, and so
// are a few 5xx answers and dropped connections (MAX_SERVER_RETRIES, as the official OpenAI SDKs do): a
// server's passing trouble is not the agent's fault. A server that refuses JSON mode is asked again without
// it. Every call is reported (DecisionReport.llm) and so recorded in the replay, faults included; every
// answer's token usage is also handed to onUsage (the platform's daily budgets).

export interface LlmAgentOptions {
  name: string;
  agentId?: string;
  strategyPrompt?: string | null;
  model: ModelHandle;
  /** The seat's decision deadline (LLM_TIMEOUT_MS). */
  timeoutMs: number;
  /** Told the tokens of every answer the server reported usage for, as each call completes. */
  onUsage?: (usage: { promptTokens: number; completionTokens: number }) => void;
}

/** First wait after a 429 or a server error without Retry-After, doubled each time (with jitter). */
const BACKOFF_BASE_MS = 200;
/**
 * 5xx answers and dropped connections retried per decision (within its deadline) before they are a fault.
 * The OpenAI SDKs retry twice; one more fits easily in LLM_TIMEOUT_MS and rides out a server's restart.
 */
export const MAX_SERVER_RETRIES = 3;
/** Never start a call with less time than this left: it could not answer anyway. */
const MIN_CALL_MS = 50;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

function add(llm: LlmDecision, call: LlmCall): void {
  llm.calls.push(call);
  llm.promptTokens += call.promptTokens ?? 0;
  llm.completionTokens += call.completionTokens ?? 0;
  llm.latencyMs = Math.round((llm.latencyMs + call.latencyMs) * 10) / 10;
  llm.retries = llm.calls.length - 1;
  if (call.raw !== null) llm.raw = call.raw;
}

/** A model's comment longer than the protocol allows is cut, not a fault: it is only for spectators. */
function tidy(body: Record<string, unknown>): Record<string, unknown> {
  const { comment, ...rest } = body;
  if (typeof comment !== 'string') return rest;
  if (comment.length <= MAX_COMMENT) return { ...rest, comment };
  // Never cut a surrogate pair in two (the replay could not store half of one).
  const end = /[\uD800-\uDBFF]/.test(comment[MAX_COMMENT - 1] ?? '') ? MAX_COMMENT - 1 : MAX_COMMENT;
  return { ...rest, comment: comment.slice(0, end) };
}

const tries = (retries: number) => (retries > 0 ? ` (after ${retries} retries)` : '');

/** Exchanges kept per match, whatever the budget: a match has at most a few hundred of a seat's decisions. */
const MAX_EXCHANGES = 400;

/** The match's earlier exchanges (when the model keeps history): one seat's decisions come one at a time. */
function exchangeMemory(historyTokens: number) {
  let memory: { matchId: string; exchanges: Exchange[] } = { matchId: '', exchanges: [] };
  return {
    remember(matchId: string, prompt: string, answer: string): void {
      if (historyTokens <= 0) return;
      if (memory.matchId !== matchId) memory = { matchId, exchanges: [] };
      memory.exchanges.push([
        { role: 'user', content: prompt },
        { role: 'assistant', content: answer },
      ]);
      if (memory.exchanges.length > MAX_EXCHANGES) memory.exchanges.shift();
    },
    of(matchId: string): Exchange[] {
      return historyTokens > 0 && memory.matchId === matchId ? memory.exchanges : [];
    },
  };
}

interface Inflight {
  kind: LlmCall['kind'];
  jsonMode: boolean;
  started: number;
}

/**
 * The decision's calls, reported (DecisionReport.llm) as they complete; a call still in flight when the
 * decision is recorded (deadline passed, or retired) is recorded as cut.
 */
function decisionRecord(model: string, report: DecisionReport | undefined) {
  const llm: LlmDecision = {
    model,
    promptTokens: 0,
    completionTokens: 0,
    latencyMs: 0,
    retries: 0,
    raw: null,
    calls: [],
  };
  const state: { llm: LlmDecision; inflight: Inflight | null } = { llm, inflight: null };
  if (report) {
    report.llm = llm;
    report.onRecord = () => {
      const inflight = state.inflight;
      if (!inflight) return;
      add(llm, {
        kind: inflight.kind,
        outcome: 'aborted',
        status: null,
        latencyMs: Math.round((performance.now() - inflight.started) * 10) / 10,
        promptTokens: null,
        completionTokens: null,
        jsonMode: inflight.jsonMode,
        raw: null,
        error: 'cut: the deadline passed (or the decision was no longer needed) before the model answered',
      });
      state.inflight = null;
    };
  }
  return state;
}

/** Waits before asking the model again (429s, and a few server errors), while the deadline allows. */
function retryPolicy(left: () => number, signal: AbortSignal) {
  const counts = { backoffs: 0, serverRetries: 0 };
  /** Waits (Retry-After, else exponential with jitter); false: no time is left. */
  const backOff = async (retryAfterS: number | null): Promise<boolean> => {
    const jitter = 0.8 + Math.random() * 0.4;
    const wait = retryAfterS !== null ? retryAfterS * 1000 : BACKOFF_BASE_MS * 2 ** counts.backoffs * jitter;
    counts.backoffs++;
    if (left() - wait < MIN_CALL_MS * 2) return false;
    await sleep(wait, signal);
    return true;
  };
  return {
    counts,
    backOff,
    /** A 5xx or a dropped connection: asked again while retries and the deadline allow. */
    async serverTrouble(retryAfterS: number | null): Promise<boolean> {
      if (counts.serverRetries >= MAX_SERVER_RETRIES) return false;
      counts.serverRetries++;
      return backOff(retryAfterS);
    },
  };
}

/** The model's answer read as an action: the body to answer with (tidied), or why it is not one. */
function readAnswer(
  text: string,
  legalActions: DecisionRequest['legalActions'],
): { body: Record<string, unknown> | null; legal: boolean; error: string } {
  const extracted = extractAnswer(text, legalActions);
  const body = extracted.ok ? tidy(extracted.body) : null;
  const checked = body ? checkAnswer(body, legalActions) : null;
  if (checked?.ok) return { body, legal: true, error: '' };
  // Quotes the model's text: made storable (no NUL, no lone surrogate) for the replay.
  const error = storableText(
    extracted.ok ? (checked?.ok === false ? checked.fault.message : 'invalid') : extracted.message,
  );
  return { body, legal: false, error };
}

export function llmAgent(o: LlmAgentOptions): MatchAgent {
  const { model } = o;
  const historyTokens = model.config.historyTokens ?? 0;
  const memory = exchangeMemory(historyTokens);
  return {
    name: o.name,
    ...(o.agentId !== undefined ? { agentId: o.agentId } : {}),
    timeoutMs: o.timeoutMs,
    async decide(req, signal, report) {
      const record = decisionRecord(model.name, report);
      const llm = record.llm;
      const messages = conversation(req, o.strategyPrompt, memory.of(req.matchId), historyTokens);
      const question = messages[messages.length - 1]?.content ?? '';
      const left = () => req.deadline - Date.now();
      const retry = retryPolicy(left, signal);
      let kind: LlmCall['kind'] = 'first';
      let corrected = false;
      let plainTried = false;
      for (;;) {
        if (signal.aborted || left() < MIN_CALL_MS) {
          throw new AgentFault('timeout', `no answer from model ${model.name} before the deadline`);
        }
        const jsonMode = model.jsonMode() && !plainTried;
        const callKind = kind;
        const result: CallResult | null = await model.limit(async () => {
          // A call that waited for a free slot past the deadline is never sent.
          if (signal.aborted || left() < MIN_CALL_MS) return null;
          record.inflight = { kind: callKind, jsonMode, started: performance.now() };
          try {
            return await callModel({
              client: model.client,
              model: model.name,
              messages,
              jsonMode,
              kind: callKind,
              maxTokens: model.config.maxTokens ?? DEFAULT_MAX_TOKENS,
              signal,
              timeoutMs: left(),
            });
          } finally {
            record.inflight = null;
          }
        });
        if (!result) continue;
        add(llm, result.record);
        const call = result.record;
        if (o.onUsage && (call.promptTokens || call.completionTokens)) {
          o.onUsage({ promptTokens: call.promptTokens ?? 0, completionTokens: call.completionTokens ?? 0 });
        }
        switch (call.outcome) {
          case 'answer': {
            if (plainTried) model.jsonModeRefused();
            const text = result.text ?? '';
            const { body, legal, error } = readAnswer(text, req.legalActions);
            if (legal) {
              memory.remember(req.matchId, question, text);
              return body;
            }
            call.error = error;
            // One corrective retry, if the deadline leaves time for another call like this one.
            if (!corrected && left() > call.latencyMs * 1.2 + MIN_CALL_MS) {
              corrected = true;
              kind = 'corrective';
              messages.push(
                { role: 'assistant', content: text },
                { role: 'user', content: correctionMessage(error) },
              );
              continue;
            }
            // The runner records the fault (invalid_answer or illegal_action) and plays the default action.
            if (body) return body;
            throw new AgentFault('invalid_answer', `model ${model.name}: ${error}`);
          }
          case 'rate_limited': {
            if (await retry.backOff(result.retryAfterS)) {
              kind = 'backoff';
              continue;
            }
            throw new AgentFault(
              'http_status',
              `model ${model.name} is rate limited (429) and the deadline leaves no time to retry (${retry.counts.backoffs} tries)`,
            );
          }
          case 'http_error':
            // A server without JSON mode refuses response_format (400): ask again without it.
            if (call.status === 400 && jsonMode && !plainTried) {
              plainTried = true;
              kind = 'plain';
              continue;
            }
            if ((call.status ?? 0) >= 500 && (await retry.serverTrouble(result.retryAfterS))) {
              kind = 'backoff';
              continue;
            }
            throw new AgentFault(
              'http_status',
              `model server answered ${call.status}: ${call.error ?? ''}${tries(retry.counts.serverRetries)}`,
            );
          case 'error':
            if (await retry.serverTrouble(null)) {
              kind = 'backoff';
              continue;
            }
            throw new AgentFault(
              'transport_error',
              `model server unreachable: ${call.error ?? ''}${tries(retry.counts.serverRetries)}`,
            );
          case 'aborted':
            throw new AgentFault('timeout', `no answer from model ${model.name} before the deadline`);
        }
      }
    },
  };
}
