import { Pool } from 'undici';
import type { buildConnector } from 'undici';
import { DECISION_ID_HEADER, jsonTextTooDeep, SIGNATURE_HEADER, sign, tooDeepMessage } from '@coup/protocol';
import type { DecisionRequest, MatchEnd, MatchStart } from '@coup/protocol';
import type { MatchAgent } from './agent';
import { AgentFault } from './fault';
import { exchange } from './http-exchange';
import type { Exchanged } from './http-exchange';
import { requestJson } from './serialize';

export interface HttpAgentOptions {
  name: string;
  /** Base URL: the runner POSTs to {url}/decide, {url}/start and {url}/end. */
  url: string;
  /**
   * The agent's secret: when set, every request carries X-Coup-Signature. A function is asked again for each
   * request, so a secret rotated mid-match signs the next request (it may return a promise while the new
   * secret is being read; a plain string keeps the send synchronous).
   */
  secret?: string | (() => string | Promise<string>);
  /** Bigger answers are a `too_large` fault; reading stops there. Default 64 KB. */
  maxResponseBytes?: number;
  agentId?: string;
  /** Max sockets to the agent (default: unlimited, reused with keep-alive). */
  connections?: number;
  /**
   * Opens the sockets (default: undici's). The platform passes one that connects only to addresses its
   * AGENT_ADDRESSES policy allows; a refusal is a `transport_error` fault.
   */
  connect?: buildConnector.connector;
  /**
   * A connection pool to `url`'s origin shared with other players of the same agent (the platform keeps
   * one per agent across matches, so a match does not open new connections). `close()` then leaves it
   * open; `connections` and `connect` are the pool's business.
   */
  pool?: Pool;
}

/** The keep-alive pool httpAgent uses for one origin (exported for callers that share it between matches). */
export function agentPool(
  origin: string,
  o: { connections?: number; connect?: buildConnector.connector } = {},
): Pool {
  return new Pool(origin, {
    connections: o.connections ?? null,
    pipelining: 1,
    keepAliveTimeout: 30_000,
    // The deadline is enforced with the AbortSignal; these only bound a request nobody aborts.
    headersTimeout: 0,
    bodyTimeout: 0,
    ...(o.connect ? { connect: o.connect } : {}),
  });
}

export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * An HTTP agent (PROTOCOL.md) over an undici keep-alive pool. Redirects are never followed (a Pool has no
 * redirect handling): a 3xx is an `http_status` fault, so an endpoint cannot bounce the platform elsewhere.
 */
export function httpAgent(opts: HttpAgentOptions): MatchAgent {
  const base = new URL(opts.url);
  const prefix = base.pathname.replace(/\/+$/, '');
  const max = opts.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const shared = opts.pool;
  const pool =
    shared ??
    agentPool(base.origin, {
      ...(opts.connections !== undefined ? { connections: opts.connections } : {}),
      ...(opts.connect ? { connect: opts.connect } : {}),
    });

  const fixed = opts.secret;
  const secretNow: () => string | undefined | Promise<string> =
    typeof fixed === 'function' ? fixed : () => fixed;

  /** Signs with the secret of this instant; waits only when the secret is being re-read. */
  const post = (
    path: string,
    json: string,
    signal: AbortSignal,
    failFast: boolean,
    decisionId?: string,
  ): Promise<Exchanged> => {
    const send = (secret: string | undefined) => {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (decisionId !== undefined) headers[DECISION_ID_HEADER] = decisionId;
      if (secret !== undefined) headers[SIGNATURE_HEADER] = sign(secret, json);
      return exchange(pool, { path: prefix + path, headers, body: json, signal, max, failFast });
    };
    const secret = secretNow();
    return secret instanceof Promise ? secret.then(send) : send(secret);
  };

  const agent: MatchAgent = {
    name: opts.name,
    // Not async on purpose: serialising, signing and dispatching happen synchronously, so the request
    // is on its way when decide() returns (this is part of the runner's measured overhead).
    decide(req: DecisionRequest, signal: AbortSignal): Promise<unknown> {
      let pending: Promise<Exchanged>;
      try {
        pending = post('/decide', requestJson(req), signal, true, req.decisionId);
      } catch (err) {
        return Promise.reject(toFault(err, signal));
      }
      return pending.then(answerOf, (err: unknown) => Promise.reject(toFault(err, signal)));
    },
    // Notifications: the answer is drained and ignored; the runner ignores failures too.
    start: (msg: MatchStart, signal: AbortSignal) =>
      post('/start', JSON.stringify(msg), signal, false).then(() => undefined),
    end: (msg: MatchEnd, signal: AbortSignal) =>
      post('/end', JSON.stringify(msg), signal, false).then(() => undefined),
    close: () => (shared ? Promise.resolve() : pool.close()),
  };
  if (opts.agentId !== undefined) agent.agentId = opts.agentId;
  return agent;
}

/** The answer's JSON, refused before it is parsed when it nests too deep. */
function answerOf(res: Exchanged): unknown {
  // Refused before it is parsed: nothing after the parse has to cope with thousands of levels.
  if (jsonTextTooDeep(res.text)) throw new AgentFault('invalid_answer', tooDeepMessage('answer'));
  try {
    return JSON.parse(res.text) as unknown;
  } catch {
    throw new AgentFault('invalid_json', notJsonMessage(res.status, res.contentType, res.bytes));
  }
}

/** A media type as sent (`text/html`), or null when the header is missing or not one. */
function mediaType(header: string | string[] | undefined): string | null {
  const value = (Array.isArray(header) ? header[0] : header)?.split(';')[0]?.trim().toLowerCase() ?? '';
  return /^[a-z0-9!#$&^_.+-]{1,64}\/[a-z0-9!#$&^_.+-]{1,64}$/.test(value) ? value : null;
}

/**
 * What a non-JSON answer was, never what it said: the endpoint may be some other service (on a private-mode
 * platform, one on the operator's network), and the fault reaches the agent's owner (/check) and the replay.
 */
function notJsonMessage(status: number, contentType: string | string[] | undefined, bytes: number): string {
  const type = mediaType(contentType);
  return `answer is not JSON (HTTP ${status}, ${type ? `content-type ${type}` : 'no valid content-type'}, ${bytes} bytes)`;
}

function toFault(err: unknown, signal: AbortSignal): AgentFault {
  if (err instanceof AgentFault) return err;
  if (signal.aborted) return new AgentFault('timeout', 'no answer before the deadline');
  const e = err as { code?: string; message?: string };
  return new AgentFault('transport_error', `${e.code ?? 'error'}: ${e.message ?? String(err)}`, {
    cause: err,
  });
}
