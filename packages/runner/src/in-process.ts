import type { DecisionRequest } from '@coup/protocol';
import type { MatchAgent } from './agent';

export type DecideFn = (req: DecisionRequest) => unknown;

/**
 * How long in-process decisions may run back to back before the event loop gets a turn. A decision asked
 * within this slice runs in a microtask after the runner's dispatch; the first one past it waits for a
 * later macrotask (setImmediate). One turn per decision (each always in a new macrotask) made every match
 * in a worker advance one decision per loop turn, round robin: at 32 matches at once each decision found
 * its match's state, bots and history cold in the CPU's caches, and a house match cost 20-25% more CPU
 * than at 4 at once. In slices, a match plays a run of decisions on warm caches, and the loop still turns
 * (sockets, job locks, the other matches) at least every slice.
 */
export const IN_PROCESS_SLICE_MS = 1;

/** When the current slice ends (performance.now()); 0: no slice is open. */
let sliceEnd = 0;

/**
 * An agent living in the runner's process (built-in bots, tests). `decide` may return the answer or a
 * promise of it. It never runs inside the runner's dispatch (a microtask after it, or a later macrotask):
 * its thinking time is the agent's latency, not the platform's overhead; a throw is a rejected promise (a
 * fault), never a runner crash; and a whole match between bots never holds the event loop longer than a
 * slice (IN_PROCESS_SLICE_MS), so a worker keeps renewing its job locks and serving its other matches
 * while bots play.
 */
export function inProcessAgent(name: string, decide: DecideFn): MatchAgent {
  return {
    name,
    ignoresSignal: true,
    decide: (req) =>
      new Promise((resolve, reject) => {
        const run = () => {
          try {
            resolve(decide(req));
          } catch (err) {
            reject(err instanceof Error ? err : new Error(String(err)));
          }
        };
        if (performance.now() < sliceEnd) return queueMicrotask(run);
        setImmediate(() => {
          sliceEnd = performance.now() + IN_PROCESS_SLICE_MS;
          run();
        });
      }),
  };
}
