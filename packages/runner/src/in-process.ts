import type { DecisionRequest } from '@coup/protocol';
import type { MatchAgent } from './agent';

export type DecideFn = (req: DecisionRequest) => unknown;

/**
 * An agent living in the runner's process (built-in bots, tests). `decide` may return the answer or a
 * promise of it. It runs in a later microtask, never inside the runner's dispatch: its thinking time is
 * the agent's latency, not the platform's overhead, and a throw is a rejected promise (a fault), never a
 * runner crash.
 */
export function inProcessAgent(name: string, decide: DecideFn): MatchAgent {
  return {
    name,
    decide: (req) => Promise.resolve(req).then(decide),
  };
}
