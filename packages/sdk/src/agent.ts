import type { Answer, DecisionRequest } from '@coup/protocol';
import { AnswerCache } from './answer';
import { AgentConnection } from './connect';
import type { ConnectOptions } from './connect';
import { listenHttp } from './http';
import type { ListeningAgent } from './http';
import type { AgentOptions } from './types';

export interface Agent {
  readonly name: string;
  /** The answer to one request, as the HTTP and WebSocket transports send it (cached by decisionId). */
  answer(req: DecisionRequest): Promise<Answer>;
  /** Serves POST /decide, /start and /end on `host` (default 127.0.0.1; 0.0.0.0 for every interface). */
  listen(port: number, host?: string): Promise<ListeningAgent>;
  /** Connects to the platform's /v1/agents/connect with the agent key, and stays connected. */
  connect(url: string, key: string, opts?: ConnectOptions): AgentConnection;
}

/**
 * A Coup agent from one decision function. The same agent can serve HTTP and hold WebSocket connections;
 * all of them share one answer cache, so a decision sent again is never decided twice.
 */
export function createAgent(opts: AgentOptions): Agent {
  const cache = new AnswerCache();
  // Called as a method, so a decide that uses `this` keeps working.
  const bound: AgentOptions = { ...opts, decide: (req) => opts.decide(req) };
  return {
    name: opts.name ?? 'agent',
    answer: (req) => cache.answer(req, bound.decide),
    listen: (port, host) => listenHttp(bound, cache, port, host),
    connect: (url, key, connectOpts) => new AgentConnection(url, key, bound, cache, connectOpts),
  };
}
