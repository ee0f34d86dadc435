/**
 * Where in-process decisions wait for their macrotask: one queue per match, first in first out, and a
 * scheduler that runs the match it ran last again while that match has work, up to MAX_RUN decisions in a
 * row, then the match that has waited longest.
 *
 * Why: with one setImmediate per decision in arrival order, every running match advanced one decision per
 * turn of the event loop, round robin, and at 32 matches at once each decision found its match's state, bots
 * and history cold in the CPU caches (DESIGN.md, issue 23: throughput fell by ~17% from 4 to 32 matches).
 *
 * What it keeps: each task still runs in a macrotask of its own (one setImmediate is scheduled per task, and
 * each runs one task), so the runner takes in each answer before the next decision of the match runs, and a
 * match's decisions run in the order they were asked. Only the order *between* matches changes, and
 * matches share nothing. The loop turns as often as before: a turn runs as many tasks as were queued before
 * it.
 */
export const MAX_RUN = 16;

type Task = () => void;

const queues = new Map<string, Task[]>();
let current: string | null = null;
let run = 0;

function step(): void {
  if (queues.size === 0) return;
  if (current === null || run >= MAX_RUN || !queues.has(current)) {
    const left = current === null ? undefined : queues.get(current);
    if (left) {
      // Its run is over: to the back of the line, behind the matches that waited.
      queues.delete(current as string);
      queues.set(current as string, left);
    }
    current = queues.keys().next().value as string;
    run = 0;
  }
  const queue = queues.get(current) as Task[];
  const task = queue.shift() as Task;
  if (queue.length === 0) queues.delete(current);
  run++;
  task();
}

/** Runs `task` in a later macrotask, after the match's decisions asked before it. */
export function queueDecision(matchId: string, task: Task): void {
  // A request without a match id (tests, hand-built requests) still gets its turn, in a queue of its own.
  matchId = typeof matchId === 'string' ? matchId : '';
  const queue = queues.get(matchId);
  if (queue) queue.push(task);
  else queues.set(matchId, [task]);
  setImmediate(step);
}
