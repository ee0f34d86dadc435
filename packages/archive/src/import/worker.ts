import { parentPort } from 'node:worker_threads';
import { processChunk, type ChunkInput } from './process-games';

// A worker thread of the import pool: processes chunks of raw games (process-games.ts) as they come.
parentPort?.on('message', (msg: { id: number; input: ChunkInput }) => {
  try {
    parentPort?.postMessage({ id: msg.id, result: processChunk(msg.input) });
  } catch (err) {
    parentPort?.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err) });
  }
});
