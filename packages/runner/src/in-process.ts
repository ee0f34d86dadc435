import type { DecisionRequest } from '@coup/protocol';
import type { MatchAgent } from './agent';
import { queueDecision } from './decision-queue';

export type DecideFn = (req: DecisionRequest) => unknown;

/**
 * An agent living in the runner's process (built-in bots, tests). `decide` may return the answer or a
 * promise of it. It runs in a later macrotask (decision-queue.ts), never inside the runner's dispatch: its
 * thinking time is the agent's latency, not the platform's overhead; a throw is a rejected promise (a
 * fault), never a runner crash; and a whole match between bots never holds the event loop, so a worker
 * keeps renewing its job locks and serving its other matches while bots play.
 */
export function inProcessAgent(name: string, decide: DecideFn): MatchAgent {
  return {
    name,
    ignoresSignal: true,
    decide: (req) =>
      new Promise((resolve, reject) => {
        queueDecision(req.matchId, () => {
          try {
            resolve(decide(req));
          } catch (err) {
            reject(err instanceof Error ? err : new Error(String(err)));
          }
        });
      }),
  };
}
