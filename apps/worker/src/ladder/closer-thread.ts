import { startTsThread } from '@coup/threads';
import type { ClosePeriodsOptions } from './close-periods';

// The rating closer on a thread of its own, with its own database pool: closing a backlog of periods (after
// an outage of the closer, or a bulk load) reads and rates every match in it, and on the thread that plays
// matches that would slow play down. The thread runs closer-thread-main.ts (@coup/threads startTsThread).

export interface PeriodCloser {
  /** closeDuePeriods, run on the thread: the indexes of the periods closed. */
  close(o: ClosePeriodsOptions): Promise<number[]>;
  /** False once the thread has died (a new one should be started). */
  alive(): boolean;
  stop(): Promise<void>;
}

type Reply = { id: number; closed?: number[]; error?: string };

/** A closer thread connected to `databaseUrl`; one close runs at a time (the ladder job is serial anyway). */
export function closerThread(databaseUrl: string): PeriodCloser {
  const thread = startTsThread(new URL('./closer-thread-main.ts', import.meta.url), {
    workerData: { databaseUrl },
  });
  const pending = new Map<number, { resolve(v: number[]): void; reject(e: Error): void }>();
  let nextId = 0;
  let failure: Error | null = null;
  const failAll = (err: Error) => {
    failure = err;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  thread.on('message', (msg: Reply) => {
    const p = pending.get(msg.id);
    pending.delete(msg.id);
    if (msg.closed) p?.resolve(msg.closed);
    else p?.reject(new Error(`rating closer: ${msg.error ?? 'no answer'}`));
  });
  thread.on('error', (err) => failAll(err));
  thread.on('exit', (code) => failAll(new Error(`rating closer thread exited (${code})`)));
  return {
    alive: () => failure === null,
    close(o) {
      if (failure) return Promise.reject(failure);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        thread.postMessage({ id, options: o });
      });
    },
    async stop() {
      thread.postMessage({ stop: true });
      // The thread disconnects its pool and exits; terminate if it does not within 5 s.
      const timer = setTimeout(() => void thread.terminate(), 5000);
      await new Promise<void>((resolve) => {
        if (failure) resolve();
        else thread.once('exit', () => resolve());
      });
      clearTimeout(timer);
    },
  };
}
