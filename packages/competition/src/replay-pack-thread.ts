import { parentPort } from 'node:worker_threads';
// The packing alone, not the whole of @coup/db (its Prisma client: ~17 MB more per thread).
import { packReplayJson } from '@coup/db/replay-pack';
import { compactReplayCodec } from '@coup/protocol';

// A packing thread (replay-packer.ts): sent a replay's JSON text, it packs it as the store path would
// (compaction, the check that it expands back to exactly that text, brotli) and sends the bytes back.

export type PackRequest = { id: number; json: string };
export type PackReply = { id: number; packed: Uint8Array } | { id: number; error: string };

parentPort?.on('message', ({ id, json }: PackRequest) => {
  try {
    const packed = packReplayJson(json, compactReplayCodec);
    // A buffer of its own to hand over (transferred, not copied): a small Buffer is a slice of Node's
    // shared pool, which cannot be transferred.
    const own = new Uint8Array(packed.length);
    own.set(packed);
    parentPort?.postMessage({ id, packed: own } satisfies PackReply, [own.buffer]);
  } catch (err) {
    parentPort?.postMessage({
      id,
      error: err instanceof Error ? err.message : String(err),
    } satisfies PackReply);
  }
});
