import OpenAI from 'openai';
import type { LlmCall } from '@coup/protocol';
import type { ChatMessage } from './conversation';
import { storableText } from './storable';

// One Chat Completions call, turned into what the decision loop needs: the model's text and token counts,
// or how the call failed (an HTTP status, no answer at all, or the deadline), as a replay record.

export interface CallInput {
  client: OpenAI;
  model: string;
  messages: ChatMessage[];
  jsonMode: boolean;
  kind: LlmCall['kind'];
  maxTokens?: number;
  /** Aborts at the decision's deadline. */
  signal: AbortSignal;
  /** Milliseconds left before the deadline: the HTTP request's own timeout. */
  timeoutMs: number;
}

export interface CallResult {
  record: LlmCall;
  /** The model's text (whole, for extraction; the record keeps a capped copy). */
  text: string | null;
  /** Seconds from a 429's or 5xx's Retry-After header, when it sent one. */
  retryAfterS: number | null;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

function retryAfter(headers: Headers | undefined): number | null {
  const value = headers?.get('retry-after');
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, (date - Date.now()) / 1000);
}

/** A short, single-line description of an error (a server's error body can be long). */
function describe(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const flat = message.replace(/\s+/g, ' ').trim();
  return storableText(flat.length > 300 ? `${flat.slice(0, 300)}...` : flat);
}

export async function callModel(input: CallInput): Promise<CallResult> {
  const started = performance.now();
  const record = (r: Partial<LlmCall> & Pick<LlmCall, 'outcome'>): LlmCall => ({
    kind: input.kind,
    status: null,
    latencyMs: round(performance.now() - started),
    promptTokens: null,
    completionTokens: null,
    jsonMode: input.jsonMode,
    raw: null,
    ...r,
  });
  try {
    const completion = await input.client.chat.completions.create(
      {
        model: input.model,
        messages: input.messages,
        ...(input.jsonMode ? { response_format: { type: 'json_object' as const } } : {}),
        ...(input.maxTokens !== undefined ? { max_tokens: input.maxTokens } : {}),
      },
      { signal: input.signal, timeout: Math.max(1, Math.ceil(input.timeoutMs)), maxRetries: 0 },
    );
    const text = completion.choices?.[0]?.message?.content ?? '';
    const usage = completion.usage;
    return {
      record: record({
        outcome: 'answer',
        status: 200,
        promptTokens: usage?.prompt_tokens ?? null,
        completionTokens: usage?.completion_tokens ?? null,
        raw: storableText(text),
      }),
      text,
      retryAfterS: null,
    };
  } catch (err) {
    if (input.signal.aborted || err instanceof OpenAI.APIUserAbortError) {
      return {
        record: record({ outcome: 'aborted', error: 'stopped at the deadline' }),
        text: null,
        retryAfterS: null,
      };
    }
    if (err instanceof OpenAI.APIError && typeof err.status === 'number') {
      const outcome = err.status === 429 ? 'rate_limited' : 'http_error';
      return {
        record: record({ outcome, status: err.status, error: describe(err) }),
        text: null,
        retryAfterS: err.status === 429 || err.status >= 500 ? retryAfter(err.headers) : null,
      };
    }
    if (err instanceof OpenAI.APIConnectionTimeoutError) {
      return {
        record: record({ outcome: 'aborted', error: 'no answer before the deadline' }),
        text: null,
        retryAfterS: null,
      };
    }
    // Connection refused or reset, a refused address (the cause says which), a body that is not JSON...
    const cause = (err as { cause?: unknown }).cause;
    const why = cause ? `${describe(err)}: ${describe(cause)}` : describe(err);
    return { record: record({ outcome: 'error', error: why }), text: null, retryAfterS: null };
  }
}
