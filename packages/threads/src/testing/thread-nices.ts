import { readFileSync, readdirSync } from 'node:fs';

// Tests of thread priorities (Linux): what the kernel has for each thread of this process.

/** The nice value of thread `tid` of this process (field 19 of /proc/<pid>/task/<tid>/stat). */
export function niceOfThread(tid: number | string): number {
  const stat = readFileSync(`/proc/${process.pid}/task/${tid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(') ') + 2).split(' ')[16]);
}

/** The nice value of every thread of this process. */
export function threadNices(): number[] {
  return readdirSync(`/proc/${process.pid}/task`).map((tid) => niceOfThread(tid));
}
