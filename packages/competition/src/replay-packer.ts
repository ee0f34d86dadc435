import type { Worker } from 'node:worker_threads';
import { packReplayAsync } from '@coup/db';
import { startTsThread } from '@coup/threads';
import { compactReplayCodec } from '@coup/protocol';
import type { PackReply } from './replay-pack-thread';

// Packing a match's replay for storage (compaction, the check that the compact text expands back to the
// exact JSON, brotli: @coup/db replay-pack.ts) on worker threads, off the event loop that plays matches:
// on the loop it cost ~1.1-1.5 ms per match (issue 23). The loop only serialises the replay (the text is
// needed anyway) and posts the string; the thread parses, packs and transfers the bytes back. The threads
// run replay-pack-thread.ts (@coup/threads startTsThread). They start on the first match stored, not before.
// Whatever goes wrong with a thread (it cannot start, it dies, it answers an error, it does not answer within
// ANSWER_MS), the replay is packed on the event loop instead, to the same bytes, and a new thread is tried
// after RESTART_MS.

export interface ReplayPacker {
  /** packReplay(replay, compactReplayCodec)'s bytes, what storeMatchResult would store for the replay. */
  pack(replay: unknown): Promise<Buffer>;
  /** Terminates the threads; replays still being packed are packed on the event loop. */
  close(): Promise<void>;
}

export interface ReplayPackerOptions {
  /** Told when a thread fails (the replays are packed on the event loop meanwhile). */
  log?: (msg: string, extra?: Record<string, unknown>) => void;
  /** Starts one packing thread (tests: one that dies); startPackThread by default. */
  startThread?: () => Worker;
  /** How long after a thread failed a new one is started in its place; RESTART_MS by default. */
  restartMs?: number;
  /** How long a thread may take to answer before it is given up (and terminated); ANSWER_MS by default. */
  answerMs?: number;
}

/** A failed thread's replacement waits this long: a thread that cannot start at all is not retried in a loop. */
export const RESTART_MS = 5000;
/**
 * A thread that has not answered a replay in this long is given up, so a stuck thread cannot hold a played
 * match forever: packing takes a few ms, and starting a thread (tsx compiling the codec) ~1 s, more under load.
 */
export const ANSWER_MS = 30_000;

/** Packs on the event loop, as storeMatchResult does without packed bytes. */
const onLoop = (replay: unknown) => packReplayAsync(replay, compactReplayCodec);

type Job = { replay: unknown; resolve(b: Buffer): void; reject(e: unknown): void; timer: NodeJS.Timeout };
type Slot = { thread: Worker | null; pending: Map<number, Job>; retryAt: number };

/** One packing thread (replay-pack-thread.ts). */
export function startPackThread(): Worker {
  return startTsThread(new URL('./replay-pack-thread.ts', import.meta.url));
}

/** `threads` packing threads (WORKER_PACK_THREADS); 0 packs on the event loop. */
export function replayPacker(threads: number, o: ReplayPackerOptions = {}): ReplayPacker {
  const slots: Slot[] = Array.from({ length: threads }, () => ({
    thread: null,
    pending: new Map(),
    retryAt: 0,
  }));
  const restartMs = o.restartMs ?? RESTART_MS;
  const answerMs = o.answerMs ?? ANSWER_MS;
  let nextId = 0;
  let closed = false;

  /** Hands a job back to the event loop: same bytes, or the same error as packing there would give. */
  const fallBack = (job: Job) => onLoop(job.replay).then(job.resolve, job.reject);

  const settle = (slot: Slot, thread: Worker, reply: PackReply) => {
    const job = slot.pending.get(reply.id);
    if (!job) return;
    clearTimeout(job.timer);
    slot.pending.delete(reply.id);
    // Idle threads do not keep the process alive (a test or script that forgot close() still exits).
    if (slot.pending.size === 0) thread.unref();
    if ('packed' in reply) {
      job.resolve(Buffer.from(reply.packed.buffer, reply.packed.byteOffset, reply.packed.byteLength));
    } else {
      o.log?.('replay packing thread: packed on the event loop instead', { err: reply.error });
      void fallBack(job);
    }
  };

  const failed = (slot: Slot, thread: Worker, err: unknown) => {
    if (slot.thread !== thread) return; // its 'error' and then its 'exit'
    slot.thread = null;
    slot.retryAt = Date.now() + restartMs;
    if (!closed) o.log?.('replay packing thread failed: packing on the event loop', { err: String(err) });
    const jobs = [...slot.pending.values()];
    slot.pending.clear();
    for (const job of jobs) {
      clearTimeout(job.timer);
      void fallBack(job);
    }
  };

  const stuck = (slot: Slot, thread: Worker) => {
    failed(slot, thread, new Error(`no answer within ${answerMs} ms`));
    void thread.terminate();
  };

  const start = (slot: Slot): Worker | null => {
    try {
      const thread = (o.startThread ?? startPackThread)();
      slot.thread = thread;
      thread.unref();
      thread.on('message', (reply: PackReply) => settle(slot, thread, reply));
      thread.on('error', (err) => failed(slot, thread, err));
      thread.on('exit', (code) => failed(slot, thread, new Error(`exited with code ${code}`)));
      return thread;
    } catch (err) {
      slot.retryAt = Date.now() + restartMs;
      o.log?.('replay packing thread cannot start: packing on the event loop', { err: String(err) });
      return null;
    }
  };

  /** The least busy slot with a thread, started if its turn has come; null: none (pack on the loop). */
  const pick = (): { slot: Slot; thread: Worker } | null => {
    let best: { slot: Slot; thread: Worker } | null = null;
    for (const slot of slots) {
      const thread = slot.thread ?? (Date.now() >= slot.retryAt ? start(slot) : null);
      if (thread && (!best || slot.pending.size < best.slot.pending.size)) best = { slot, thread };
    }
    return best;
  };

  return {
    pack(replay) {
      const target = closed ? null : pick();
      if (!target) return onLoop(replay);
      const json = JSON.stringify(replay);
      // Not JSON (undefined, a function): packing on the loop throws as storeMatchResult always did.
      if (typeof json !== 'string') return onLoop(replay);
      const { slot, thread } = target;
      const id = nextId++;
      return new Promise<Buffer>((resolve, reject) => {
        const timer = setTimeout(() => stuck(slot, thread), answerMs).unref();
        slot.pending.set(id, { replay, resolve, reject, timer });
        if (slot.pending.size === 1) thread.ref();
        thread.postMessage({ id, json });
      });
    },
    async close() {
      closed = true;
      await Promise.all(slots.map((s) => s.thread?.terminate()));
    },
  };
}
