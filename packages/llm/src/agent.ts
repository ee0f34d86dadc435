import type { RulesetId } from '@coup/engine';
import type { LlmCall, LlmDecision } from '@coup/protocol';
import { MAX_COMMENT } from '@coup/protocol';
import { AgentFault, checkAnswer } from '@coup/runner';
import type { MatchAgent } from '@coup/runner';
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

export function llmAgent(o: LlmAgentOptions): MatchAgent {
  const { model } = o;
  const historyTokens = model.config.historyTokens ?? 0;
  // The match's earlier exchanges (when the model keeps history): one seat's decisions come one at a time.
  let memory: { matchId: string; exchanges: Exchange[] } = { matchId: '', exchanges: [] };
  const remember = (matchId: string, prompt: string, answer: string) => {
    if (historyTokens <= 0) return;
    if (memory.matchId !== matchId) memory = { matchId, exchanges: [] };
    memory.exchanges.push([
      { role: 'user', content: prompt },
      { role: 'assistant', content: answer },
    ]);
    if (memory.exchanges.length > MAX_EXCHANGES) memory.exchanges.shift();
  };
  // The game of the match being played, as its match_start named it (older platforms name none: the
  // conversation then reads it from the request).
  let game: { matchId: string; ruleset: RulesetId } | null = null;
  return {
    name: o.name,
    ...(o.agentId !== undefined ? { agentId: o.agentId } : {}),
    timeoutMs: o.timeoutMs,
    async start(msg) {
      game = msg.ruleset !== undefined ? { matchId: msg.matchId, ruleset: msg.ruleset } : null;
    },
    async decide(req, signal, report) {
      const llm: LlmDecision = {
        model: model.name,
        promptTokens: 0,
        completionTokens: 0,
        latencyMs: 0,
        retries: 0,
        raw: null,
        calls: [],
      };
      // A call still in flight when the decision is recorded (deadline passed, or retired) is recorded as cut.
      let inflight: { kind: LlmCall['kind']; jsonMode: boolean; started: number } | null = null;
      if (report) {
        report.llm = llm;
        report.onRecord = () => {
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
            error:
              'cut: the deadline passed (or the decision was no longer needed) before the model answered',
          });
          inflight = null;
        };
      }
      const history = historyTokens > 0 && memory.matchId === req.matchId ? memory.exchanges : [];
      const ruleset = game?.matchId === req.matchId ? game.ruleset : undefined;
      const messages = conversation(req, o.strategyPrompt, history, historyTokens, ruleset);
      const question = messages[messages.length - 1]?.content ?? '';
      const left = () => req.deadline - Date.now();
      let kind: LlmCall['kind'] = 'first';
      let corrected = false;
      let backoffs = 0;
      let serverRetries = 0;
      let plainTried = false;
      /** Waits before asking again (Retry-After, else exponential with jitter); false: no time is left. */
      const backOff = async (retryAfterS: number | null): Promise<boolean> => {
        const jitter = 0.8 + Math.random() * 0.4;
        const wait = retryAfterS !== null ? retryAfterS * 1000 : BACKOFF_BASE_MS * 2 ** backoffs * jitter;
        backoffs++;
        if (left() - wait < MIN_CALL_MS * 2) return false;
        await sleep(wait, signal);
        kind = 'backoff';
        return true;
      };
      /** A 5xx or a dropped connection: asked again while retries and the deadline allow. */
      const serverTrouble = async (retryAfterS: number | null): Promise<boolean> => {
        if (serverRetries >= MAX_SERVER_RETRIES) return false;
        serverRetries++;
        return backOff(retryAfterS);
      };
      for (;;) {
        if (signal.aborted || left() < MIN_CALL_MS) {
          throw new AgentFault('timeout', `no answer from model ${model.name} before the deadline`);
        }
        const jsonMode = model.jsonMode() && !plainTried;
        const callKind = kind;
        const result: CallResult | null = await model.limit(async () => {
          // A call that waited for a free slot past the deadline is never sent.
          if (signal.aborted || left() < MIN_CALL_MS) return null;
          inflight = { kind: callKind, jsonMode, started: performance.now() };
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
            inflight = null;
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
            const extracted = extractAnswer(text, req.legalActions);
            const body = extracted.ok ? tidy(extracted.body) : null;
            const checked = body ? checkAnswer(body, req.legalActions) : null;
            if (checked?.ok) {
              remember(req.matchId, question, text);
              return body;
            }
            // Quotes the model's text: made storable (no NUL, no lone surrogate) for the replay.
            const error = storableText(
              extracted.ok ? (checked?.ok === false ? checked.fault.message : 'invalid') : extracted.message,
            );
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
            if (await backOff(result.retryAfterS)) continue;
            throw new AgentFault(
              'http_status',
              `model ${model.name} is rate limited (429) and the deadline leaves no time to retry (${backoffs} tries)`,
            );
          }
          case 'http_error':
            // A server without JSON mode refuses response_format (400): ask again without it.
            if (call.status === 400 && jsonMode && !plainTried) {
              plainTried = true;
              kind = 'plain';
              continue;
            }
            if ((call.status ?? 0) >= 500 && (await serverTrouble(result.retryAfterS))) continue;
            throw new AgentFault(
              'http_status',
              `model server answered ${call.status}: ${call.error ?? ''}${tries(serverRetries)}`,
            );
          case 'error':
            if (await serverTrouble(null)) continue;
            throw new AgentFault(
              'transport_error',
              `model server unreachable: ${call.error ?? ''}${tries(serverRetries)}`,
            );
          case 'aborted':
            throw new AgentFault('timeout', `no answer from model ${model.name} before the deadline`);
        }
      }
    },
  };
}
