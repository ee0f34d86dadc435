import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { standInChoice } from './stand-in-play';

// A stand-in OpenAI-compatible Chat Completions server for tests (loopback, port 0): it answers from the
// prompt text like a small model would (see stand-in-play.ts: sharp or random play, chosen by a marker in
// the system message), and can be told to misbehave per call: invalid JSON, an illegal action, a slow
// answer, prose around the JSON, an HTTP error (429 with Retry-After, 500...), or a connection dropped
// without an answer. The platform's real client code (the openai SDK) talks to it over real HTTP. Every
// request body is kept as received (`StandInCall.body`), so tests can prove what reaches a model.

export type StandInBehaviour =
  /** A legal action, as {"action": ...} JSON (the default). */
  | 'play'
  /** The same action in prose with a code fence (tolerant extraction must find it). */
  | 'play_text'
  /** Text that holds no JSON and names no action. */
  | 'invalid_json'
  /** Well-formed JSON naming an action that is not legal. */
  | 'illegal'
  /** Answers exactly this text. */
  | { text: string }
  /** Closes the connection without answering (a server that crashed or restarted mid-call). */
  | 'drop'
  /** Waits, then answers as `then` (default 'play'). */
  | { slowMs: number; then?: StandInBehaviour }
  /** An HTTP error with an OpenAI-style error body. */
  | { status: number; retryAfterS?: number; message?: string };

export interface StandInCall {
  /** 0-based, in arrival order across every client. */
  index: number;
  model: string;
  system: string;
  /** The decision's prompt: the last user message that lists legal actions (earlier ones are history). */
  user: string;
  /** The whole conversation as sent. */
  messages: { role: string; content: string }[];
  /** The call asked for JSON output (response_format). */
  jsonMode: boolean;
  /** A corrective retry: the last message is the correction, not a decision's prompt. */
  corrective: boolean;
  /** The request's max_tokens (null when it sent none). */
  maxTokens: number | null;
  authorization: string | undefined;
  /** The request body exactly as received (everything the model would have been sent). */
  body: string;
}

export interface StandInOptions {
  /** Decides how each call is answered (default: always 'play'). */
  behave?: (call: StandInCall) => StandInBehaviour;
  /** false: a call with response_format gets 400, like servers without JSON mode. Default true. */
  jsonMode?: boolean;
  /** Model names served; another gets 404 model_not_found. Default: any. */
  models?: string[];
  /** When set, a call without `Authorization: Bearer <apiKey>` gets 401. */
  apiKey?: string;
}

export interface StandInServer {
  /** The API root to use as LLM_BASE_URL (ends with /v1). */
  baseUrl: string;
  /** Every call received, in order. */
  calls: StandInCall[];
  close(): Promise<void>;
}

/** What every decision prompt holds (protocol's renderPrompt) and no correction message does. */
const ANSWER_LIST = 'Answer with {"action": <one of these>}:';

/** Tokens as a rough count (4 characters each), so usage is deterministic and grows with the text. */
const tokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.writableEnded || res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

const apiError = (message: string, type: string, code: string | null = null) => ({
  error: { message, type, param: null, code },
});

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function answerText(behaviour: StandInBehaviour, call: StandInCall): string {
  if (typeof behaviour === 'object' && 'text' in behaviour) return behaviour.text;
  const choice = standInChoice(call.system, call.user);
  const action = choice?.json ?? '{"type":"pass"}';
  switch (behaviour) {
    case 'play_text':
      return `I weigh my options. My move:\n\`\`\`json\n{"action": ${action}}\n\`\`\`\nGood luck.`;
    case 'invalid_json':
      return 'Hmm, let me think about this hand... {action: maybe later';
    case 'illegal':
      return '{"action": {"type": "fly_away"}}';
    default:
      return `{"action": ${action}, "comment": "stand-in"}`;
  }
}

export async function startStandInLlm(o: StandInOptions = {}): Promise<StandInServer> {
  const calls: StandInCall[] = [];
  const jsonModeOk = o.jsonMode ?? true;
  const server = createServer((req, res) => {
    void handle(req, res).catch((err: unknown) =>
      send(res, 500, apiError(`stand-in failed: ${String(err)}`, 'server_error')),
    );
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'POST' || path !== '/v1/chat/completions') {
      send(res, 404, apiError(`no route ${req.method} ${path}`, 'invalid_request_error'));
      return;
    }
    if (o.apiKey !== undefined && req.headers.authorization !== `Bearer ${o.apiKey}`) {
      send(res, 401, apiError('invalid API key', 'invalid_request_error', 'invalid_api_key'));
      return;
    }
    let body: {
      model?: string;
      messages?: { role: string; content: string }[];
      response_format?: unknown;
      max_tokens?: unknown;
    };
    const text = await readText(req);
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      send(res, 400, apiError('the body is not JSON', 'invalid_request_error'));
      return;
    }
    const messages = Array.isArray(body.messages) ? body.messages : [];
    const model = String(body.model ?? '');
    if (o.models && !o.models.includes(model)) {
      send(res, 404, apiError(`model ${model} does not exist`, 'invalid_request_error', 'model_not_found'));
      return;
    }
    const prompts = messages.filter((m) => m.role === 'user' && m.content.includes(ANSWER_LIST));
    const last = messages.at(-1);
    const call: StandInCall = {
      index: calls.length,
      model,
      system: messages.find((m) => m.role === 'system')?.content ?? '',
      user: prompts.at(-1)?.content ?? '',
      messages,
      jsonMode: body.response_format !== undefined,
      corrective: last?.role === 'user' && !last.content.includes(ANSWER_LIST),
      maxTokens: typeof body.max_tokens === 'number' ? body.max_tokens : null,
      authorization: req.headers.authorization,
      body: text,
    };
    calls.push(call);
    if (call.jsonMode && !jsonModeOk) {
      send(res, 400, apiError('response_format is not supported', 'invalid_request_error'));
      return;
    }
    let behaviour = o.behave?.(call) ?? 'play';
    while (typeof behaviour === 'object' && 'slowMs' in behaviour) {
      const { slowMs, then } = behaviour;
      await new Promise((r) => setTimeout(r, slowMs));
      behaviour = then ?? 'play';
    }
    if (behaviour === 'drop') {
      req.socket.destroy();
      return;
    }
    if (typeof behaviour === 'object' && 'status' in behaviour) {
      const headers: Record<string, string> =
        behaviour.retryAfterS !== undefined ? { 'retry-after': String(behaviour.retryAfterS) } : {};
      const type = behaviour.status === 429 ? 'rate_limit_exceeded' : 'server_error';
      send(
        res,
        behaviour.status,
        apiError(behaviour.message ?? `stand-in ${behaviour.status}`, type),
        headers,
      );
      return;
    }
    const answer = answerText(behaviour, call);
    const promptTokens = tokens(messages.map((m) => m.content).join('\n'));
    const completionTokens = tokens(answer);
    send(res, 200, {
      id: `chatcmpl-standin-${call.index}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [{ index: 0, message: { role: 'assistant', content: answer }, finish_reason: 'stop' }],
      usage: {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
      },
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
