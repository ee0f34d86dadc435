import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';

const compress = promisify(brotliCompress);

// How replays are stored (replays.packed): the exact JSON text the runner's replay serialises to, brotli
// compressed. A four-seat house-bot replay is ~33 KB of JSON and ~2.6 KB packed (`npm run bench -w @coup/db`
// prints the average). Kept as text rather than re-derived from the seed and decisions: compression alone
// meets the size goal, reads need no engine re-run, and the served bytes are exactly what the runner
// produced, so `coup replay verify` checks the very replay the match was played as.

/** Quality 5: nearly quality 11's size (within ~15%) at a few ms per replay; higher costs 10x the CPU. */
const QUALITY = 5;

/** The replay's JSON text and the brotli options it is packed with. */
function packInput(replay: unknown): { text: string; params: Record<number, number> } {
  const text = JSON.stringify(replay);
  if (typeof text !== 'string') throw new Error('packReplay: the replay is not JSON-serialisable');
  return {
    text,
    params: {
      [constants.BROTLI_PARAM_QUALITY]: QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
    },
  };
}

/** The stored form of a replay (any JSON-serialisable value). */
export function packReplay(replay: unknown): Buffer {
  const { text, params } = packInput(replay);
  return brotliCompressSync(text, { params });
}

/**
 * The same bytes as packReplay, compressed on libuv's thread pool: the worker packs every match it stores,
 * and done on its event loop the compression was ~9% of the worker's CPU profile (issue 23).
 */
export async function packReplayAsync(replay: unknown): Promise<Buffer> {
  const { text, params } = packInput(replay);
  return compress(text, { params });
}

/** The replay's JSON text, as the runner serialised it. */
export function unpackReplay(packed: Uint8Array): string {
  return brotliDecompressSync(packed).toString('utf8');
}
