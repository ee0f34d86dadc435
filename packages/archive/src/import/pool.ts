import { startTsThread } from '@coup/threads';
import { processChunk, type ChunkInput, type ChunkResult } from './process-games';

// Chunks of games processed on worker threads, so reading and checking 600,000 games uses every core
// while the importing thread parses the file and writes COPY batches. The workers run worker.ts
// (@coup/threads startTsThread). With no workers (tests, or
// when a worker cannot start) the chunks are processed in the importing thread, with the same results.

export interface ChunkRunner {
  run(input: ChunkInput): Promise<ChunkResult>;
  close(): Promise<void>;
}

export function inThread(): ChunkRunner {
  return { run: async (input) => processChunk(input), close: async () => {} };
}

/** A pool of `size` worker threads; chunks go to the least busy one. */
export async function workerPool(size: number): Promise<ChunkRunner> {
  const workers = Array.from({ length: size }, () => startTsThread(new URL('./worker.ts', import.meta.url)));
  const pending = new Map<
    number,
    { input: ChunkInput; resolve(r: ChunkResult): void; reject(e: Error): void }
  >();
  const load = workers.map(() => 0);
  let nextId = 0;
  let failure: Error | null = null;
  workers.forEach((w, k) => {
    w.on('message', (msg: { id: number; result?: ChunkResult; error?: string }) => {
      load[k]!--;
      const p = pending.get(msg.id);
      pending.delete(msg.id);
      if (msg.result) p?.resolve(msg.result);
      else p?.reject(new Error(`import worker: ${msg.error}`));
    });
    // A worker that cannot start or dies: its chunks (and every later one) are processed here instead.
    w.on('error', (err) => {
      failure = err;
      for (const p of pending.values()) {
        try {
          p.resolve(processChunk(p.input));
        } catch (e) {
          p.reject(e instanceof Error ? e : new Error(String(e)));
        }
      }
      pending.clear();
    });
  });
  return {
    run(input) {
      if (failure) return Promise.resolve().then(() => processChunk(input));
      const k = load.indexOf(Math.min(...load));
      load[k]!++;
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { input, resolve, reject });
        workers[k]!.postMessage({ id, input });
      });
    },
    async close() {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
