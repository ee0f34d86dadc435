import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

// On Linux each thread has its own nice value, and setpriority() given a thread's id changes that thread
// alone. A worker thread doing batch work beside the event loop that plays matches (the rating closer on a
// backlog) lowers its own priority so that, when both want the CPU, the matches go first. Node has no
// thread id; /proc/thread-self names the calling thread (Linux 3.17+).

/** The calling thread's id (Linux), or null where /proc/thread-self does not exist. */
function threadId(): number | null {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) && tid > 0 ? tid : null;
  } catch {
    return null;
  }
}

/**
 * Raises the calling thread's nice value by `steps` (capped at 19) and returns the new value, or null
 * where that cannot be done (not Linux): the thread then keeps its process's priority. Lowering a priority
 * needs no privilege.
 */
export function lowerThreadPriority(steps: number): number | null {
  const tid = threadId();
  if (tid === null) return null;
  try {
    const nice = Math.min(19, getPriority(tid) + steps);
    setPriority(tid, nice);
    return getPriority(tid);
  } catch {
    return null;
  }
}
