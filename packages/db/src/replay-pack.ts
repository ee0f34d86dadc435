import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';

const compress = promisify(brotliCompress);

// How replays are stored (replays.packed), in one of two forms told apart by the first byte:
// - packed format 1 (rows stored before compact replays, and any replay the codec does not describe
//   exactly): the exact JSON text the runner's replay serialises to, brotli compressed (~2.9 KB for a
//   four-seat house-bot match of ~35-55 KB of JSON);
// - packed format 2: the bytes 0x91 0x02, then the brotli-compressed text of the replay's compact form
//   (@coup/protocol replay-compact.ts: seed, players, times and per step the seat, latency and which legal
//   action was answered; the rest re-derived by re-running the engine), ~0.63 KB for the same match.
// 0x91 can never begin a brotli stream: its low 7 bits, 0010001, are the one window-size code RFC 7932
// (section 9.1) declares invalid, and with the high bit set it is not the large-window header (0x11) either;
// Node's brotli refuses it (ERR__ERROR_FORMAT_WINDOW_BITS). So every format 1 row still reads as before.
// The compact form is stored only after expanding it gave back exactly the JSON text (checked here, at store
// time), so reads serve the same bytes whichever form a row holds, and `coup replay verify` checks the replay
// the match was played as. `npm run bench -w @coup/db` prints sizes and costs.

/**
 * The compact replay codec, given by the caller: db cannot re-run the engine (tools/allowed-dependencies.ts),
 * @coup/protocol's compactReplayCodec can.
 */
export interface ReplayCodec {
  /** The replay's compact text; may throw (the replay is then stored in full). */
  compact(replay: unknown): string;
  /** The replay's JSON text back from its compact text. */
  expand(compact: string): string;
}

/** First byte of a compact row: an invalid brotli window size, so never the start of a format 1 row. */
export const COMPACT_MARK = 0x91;
/** The stored form's version: 1 is brotli of the full JSON text (no prefix), 2 the compact form. */
export const PACKED_FORMAT_COMPACT = 2;
const PREFIX = Buffer.from([COMPACT_MARK, PACKED_FORMAT_COMPACT]);

/** Quality 5: nearly quality 11's size (within ~15%) at a few ms per replay; higher costs 10x the CPU. */
const QUALITY = 5;
/** The compact text (~1.4 KB): quality 11 would save 10% more for 20x the CPU, as on the full text. */
const COMPACT_QUALITY = 5;

/**
 * The brotli window fitted to the text (2^10 to 2^24 bytes): the default 4 MB window costs its set-up on
 * every call, which for a replay was most of the work: measured, a 22 KB full text 0.44 -> 0.18 ms and a
 * 1.2 KB compact one 0.061 -> 0.033 ms of CPU, with the same bytes within 0.2%.
 */
const windowBits = (bytes: number): number => Math.min(24, Math.max(10, Math.ceil(Math.log2(bytes + 1))));

const params = (text: string, quality: number): Record<number, number> => {
  const bytes = Buffer.byteLength(text);
  return {
    [constants.BROTLI_PARAM_QUALITY]: quality,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: bytes,
    [constants.BROTLI_PARAM_LGWIN]: windowBits(bytes),
  };
};

/** The replay's JSON text, or an error for what JSON cannot hold (undefined, a function). */
function jsonText(replay: unknown): string {
  const text = JSON.stringify(replay);
  if (typeof text !== 'string') throw new Error('packReplay: the replay is not JSON-serialisable');
  return text;
}

/** The text to store: the compact one when it expands to exactly `text` (the replay's JSON), else `text`. */
function chooseText(replay: unknown, text: string, codec?: ReplayCodec): { text: string; compact: boolean } {
  if (codec) {
    try {
      const compact = codec.compact(replay);
      if (codec.expand(compact) === text) return { text: compact, compact: true };
    } catch {
      // Not a replay the codec can re-run (an unknown engine version, a malformed step): stored in full.
    }
  }
  return { text, compact: false };
}

/** The stored form of a replay (any JSON-serialisable value): compact when a codec is given and exact. */
export function packReplay(replay: unknown, codec?: ReplayCodec): Buffer {
  return packChosen(chooseText(replay, jsonText(replay), codec));
}

/**
 * packReplay of the replay whose JSON text `json` is (as JSON.stringify wrote it): what a packing thread
 * does, sent the text rather than the object (a string crosses to a thread far cheaper than an object
 * graph). The codec is given the parsed text, so for a replay that is plain JSON data (what the runner
 * builds: no undefined values, no prototypes) the bytes are packReplay's; whatever the form chosen, it reads
 * back as exactly `json` (the check compares with it).
 */
export function packReplayJson(json: string, codec?: ReplayCodec): Buffer {
  return packChosen(chooseText(codec ? (JSON.parse(json) as unknown) : null, json, codec));
}

function packChosen({ text, compact }: { text: string; compact: boolean }): Buffer {
  if (!compact) return brotliCompressSync(text, { params: params(text, QUALITY) });
  return Buffer.concat([PREFIX, brotliCompressSync(text, { params: params(text, COMPACT_QUALITY) })]);
}

/**
 * The same bytes as packReplay; a full text is compressed on libuv's thread pool (done on the event loop,
 * the compression was ~9% of the worker's CPU profile, issue 23). Compaction and its check run on the
 * calling thread (~1.1-1.5 ms per house-bot match: `npm run bench -w @coup/db`), so the worker does not
 * call this: its packing threads (@coup/competition replay-packer.ts, WORKER_PACK_THREADS) run
 * packReplayJson and hand storeMatchResult the bytes, leaving its event loop ~0.17x the cost (the
 * serialisation and the messages: `npm run bench -w @coup/worker`). storeMatchResult packs with this when
 * it is given no bytes (WORKER_PACK_THREADS=0, a thread that failed, other callers).
 */
export async function packReplayAsync(replay: unknown, codec?: ReplayCodec): Promise<Buffer> {
  const { text, compact } = chooseText(replay, jsonText(replay), codec);
  if (!compact) return compress(text, { params: params(text, QUALITY) });
  // The compact text (~1-2 KB) compresses in ~0.04 ms: less than the hop to the thread pool costs (~0.1 ms).
  return Buffer.concat([PREFIX, brotliCompressSync(text, { params: params(text, COMPACT_QUALITY) })]);
}

/** The stored form's version: 1 (the full JSON text) or 2 (compact). */
export function packedFormat(packed: Uint8Array): 1 | 2 {
  if (packed[0] !== COMPACT_MARK) return 1;
  if (packed[1] !== PACKED_FORMAT_COMPACT) throw new Error(`unknown packed replay format ${packed[1]}`);
  return 2;
}

/**
 * The replay's JSON text, as the runner serialised it, whichever form it is stored in. A compact row needs
 * the codec (`compactReplayCodec` of @coup/protocol); it throws without one.
 */
export function unpackReplay(packed: Uint8Array, codec?: ReplayCodec): string {
  if (packedFormat(packed) === 1) return brotliDecompressSync(packed).toString('utf8');
  if (!codec)
    throw new Error('unpackReplay: a compact replay needs the codec (@coup/protocol compactReplayCodec)');
  return codec.expand(brotliDecompressSync(packed.subarray(PREFIX.length)).toString('utf8'));
}
