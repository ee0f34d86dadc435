// SHA-256 of a string's UTF-16LE bytes, reading the code units straight into the message words: no byte
// array, no hasher object. A game is dealt from one such hash (engine 2.0.0) and every bot decision seeds
// a stream with one, so it is on the hot path of every game played. @noble/hashes gives the same digest
// (random.test.ts checks them against node:crypto) but pays for a general streaming hasher; here a
// two-block message costs about a microsecond less than the deal itself.

const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

/** The digest's eight words (scratch: read before the next call). */
const H = new Int32Array(8);
/** The message schedule of the block being compressed. */
const W = new Int32Array(64);

/** Big-endian word `i` of the padded message of `text` in UTF-16LE (`bytes` = 2 * text.length). */
function messageWord(text: string, bytes: number, i: number, words: number): number {
  if (i === words - 1) return (bytes * 8) | 0; // the bit length's low word
  if (i === words - 2) return Math.floor((bytes * 8) / 0x100000000) | 0; // and its high word
  const at = 2 * i; // the first of the word's two code units
  if (at + 1 < text.length) {
    const a = text.charCodeAt(at);
    const b = text.charCodeAt(at + 1);
    return ((a & 0xff) << 24) | ((a >>> 8) << 16) | ((b & 0xff) << 8) | (b >>> 8);
  }
  if (at < text.length) {
    const a = text.charCodeAt(at); // the last code unit, then the 0x80 that ends the message
    return ((a & 0xff) << 24) | ((a >>> 8) << 16) | 0x8000;
  }
  return at === text.length ? 0x80000000 | 0 : 0;
}

function compress(text: string, bytes: number, block: number, words: number): void {
  for (let t = 0; t < 16; t++) W[t] = messageWord(text, bytes, block * 16 + t, words);
  for (let t = 16; t < 64; t++) {
    const w15 = W[t - 15] as number;
    const w2 = W[t - 2] as number;
    const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
    const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
    W[t] = ((W[t - 16] as number) + s0 + (W[t - 7] as number) + s1) | 0;
  }
  let a = H[0] as number;
  let b = H[1] as number;
  let c = H[2] as number;
  let d = H[3] as number;
  let e = H[4] as number;
  let f = H[5] as number;
  let g = H[6] as number;
  let h = H[7] as number;
  for (let t = 0; t < 64; t++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + S1 + ((e & f) ^ (~e & g)) + (K[t] as number) + (W[t] as number)) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  H[0] = ((H[0] as number) + a) | 0;
  H[1] = ((H[1] as number) + b) | 0;
  H[2] = ((H[2] as number) + c) | 0;
  H[3] = ((H[3] as number) + d) | 0;
  H[4] = ((H[4] as number) + e) | 0;
  H[5] = ((H[5] as number) + f) | 0;
  H[6] = ((H[6] as number) + g) | 0;
  H[7] = ((H[7] as number) + h) | 0;
}

/**
 * The state after the leading blocks that many hashes share, by those blocks' code units (32 a block).
 * Every seed of one use starts with the same domain (the engine's deal: 31 of the first 32 units), so by
 * default the first block is remembered; a caller that knows a longer shared prefix says how long (a
 * bot's decisions share its seed and the match id: four blocks of six). Bounded: emptied when full.
 */
const sharedBlocks = new Map<string, Int32Array>();
const SHARED_BLOCKS_MAX = 1024;

function init(): void {
  H[0] = 0x6a09e667;
  H[1] = 0xbb67ae85 | 0;
  H[2] = 0x3c6ef372;
  H[3] = 0xa54ff53a | 0;
  H[4] = 0x510e527f;
  H[5] = 0x9b05688c | 0;
  H[6] = 0x1f83d9ab;
  H[7] = 0x5be0cd19;
}

/**
 * SHA-256 over `text`'s UTF-16 code units, each as two bytes low first (Buffer.from(text, 'utf16le')),
 * as eight signed big-endian 32-bit words (the scratch array H: copy what you keep). `shared`: how many
 * leading code units other calls share (default 32, the first block); the whole blocks within them are
 * hashed once and remembered.
 */
export function sha256Utf16Words(text: string, shared = 32): Int32Array {
  const bytes = 2 * text.length;
  // The message, 0x80, zeros, and the 64-bit length fill a whole number of 64-byte blocks.
  const blocks = Math.floor((bytes + 8) / 64) + 1;
  const words = blocks * 16;
  // Blocks of message only: each one's result depends on its 32 code units (and those before) alone.
  const known = Math.floor(Math.min(Math.max(shared, 32), text.length) / 32);
  let block = 0;
  if (known > 0) {
    const key = text.slice(0, known * 32);
    const state = sharedBlocks.get(key);
    if (state) H.set(state);
    else {
      init();
      for (; block < known; block++) compress(text, bytes, block, words);
      if (sharedBlocks.size >= SHARED_BLOCKS_MAX) sharedBlocks.clear();
      sharedBlocks.set(key, H.slice());
    }
    block = known;
  } else init();
  for (; block < blocks; block++) compress(text, bytes, block, words);
  return H;
}
