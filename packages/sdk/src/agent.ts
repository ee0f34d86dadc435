import type { Answer, DecisionRequest } from '@coup/protocol';
import { AnswerCache } from './answer';
import { AgentConnection } from './connect';
import type { ConnectOptions } from './connect';
import { listenHttp } from './http';
import type { ListeningAgent } from './http';
import { MatchMemory } from './memory';
import type { AgentOptions, DecideResult } from './types';

/**
 * Protocol 2 delta requests reach `decide` with the whole history (historyFrom 0), as in protocol 1.
 * When events are missing (this process started mid-match) decide sees the request as sent, and the
 * answer asks the platform for the whole history next time.
 */
async function withMemory(
  memory: MatchMemory,
  req: DecisionRequest,
  decide: AgentOptions['decide'],
): Promise<DecideResult> {
  const r = memory.remember(req);
  const result = await decide(r.req);
  if (r.complete) return result;
  const answer =
    typeof result === 'object' && result !== null && 'action' in result ? result : { action: result };
  return { ...answer, history: 'full' };
}

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
  const memory = opts.wholeHistory === false ? null : new MatchMemory();
  // Called as a method, so a decide that uses `this` keeps working.
  const decide: AgentOptions['decide'] = (req) => opts.decide(req);
  const bound: AgentOptions = {
    ...opts,
    decide: memory ? (req) => withMemory(memory, req, decide) : decide,
    onEnd: (msg) => {
      memory?.forget(msg.matchId, msg.seat);
      return opts.onEnd?.(msg);
    },
  };
  return {
    name: opts.name ?? 'agent',
    answer: (req) => cache.answer(req, bound.decide),
    listen: (port, host) => listenHttp(bound, cache, port, host),
    connect: (url, key, connectOpts) => new AgentConnection(url, key, bound, cache, connectOpts),
  };
}
