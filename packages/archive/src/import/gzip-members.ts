import { crc32, createInflateRaw } from 'node:zlib';

// Decompresses a gzip file member by member (RFC 1952: header, deflate data, CRC-32 and size), so that what
// follows the last member is seen for what it is. Node's gunzip stream drops zero padding after the data
// silently and, on any other trailing byte, fails and loses the output of the chunk it was reading (the
// end of the data). Here the deflate data of each member goes through inflateRaw (which stops at its end
// and says how much it used), the trailer is checked, and bytes after the last member are reported to
// `onTrailing` (never an error): the games before them were all read.

export class GzipError extends Error {}

const FHCRC = 2;
const FEXTRA = 4;
const FNAME = 8;
const FCOMMENT = 16;

/** The length of the gzip header at the start of `b`, 0 if more bytes are needed, -1 if it is none. */
function headerLength(b: Buffer): number {
  const magic = [0x1f, 0x8b, 8];
  for (let k = 0; k < magic.length && k < b.length; k++) if (b[k] !== magic[k]) return -1;
  if (b.length < 10) return 0;
  const flags = b[3]!;
  let i = 10;
  if (flags & FEXTRA) {
    if (b.length < i + 2) return 0;
    i += 2 + b.readUInt16LE(i);
  }
  for (const f of [FNAME, FCOMMENT]) {
    if (!(flags & f)) continue;
    const end = b.indexOf(0, i);
    if (end === -1) return 0;
    i = end + 1;
  }
  if (flags & FHCRC) i += 2;
  return b.length < i ? 0 : i;
}

/** One member's deflate data through inflateRaw: its output, and the input it did not use. */
class Member {
  private readonly inflate = createInflateRaw({ chunkSize: 256 * 1024 });
  private out: Buffer[] = [];
  private failure: Error | null = null;
  private lastInput: Buffer = Buffer.alloc(0);
  ended = false;
  crc = 0;
  size = 0;

  constructor() {
    this.inflate.on('data', (d: Buffer) => {
      this.out.push(d);
      this.crc = crc32(d, this.crc);
      this.size += d.length;
    });
    this.inflate.on('end', () => (this.ended = true));
    this.inflate.on('error', (e) => (this.failure = e));
  }

  /** Feeds `chunk`; resolves with the output it gave. */
  async write(chunk: Buffer): Promise<Buffer[]> {
    this.lastInput = chunk;
    const before = this.inflate.bytesWritten;
    await new Promise<void>((resolve) => this.inflate.write(chunk, () => resolve()));
    // The write callback comes after the chunk is processed; 'end' may follow on the next tick.
    if (!this.ended && this.inflate.bytesWritten - before < chunk.length)
      await new Promise<void>((resolve) => setImmediate(resolve));
    if (this.failure) throw new GzipError(this.failure.message);
    return this.drain();
  }

  /** Output not handed out yet. */
  drain(): Buffer[] {
    const out = this.out;
    this.out = [];
    return out;
  }

  /** After the end: the part of the last chunk the deflate data did not use. */
  leftover(totalWritten: number): Buffer {
    const unused = totalWritten - this.inflate.bytesWritten;
    return unused > 0 ? this.lastInput.subarray(this.lastInput.length - unused) : Buffer.alloc(0);
  }

  close(): void {
    this.inflate.destroy();
  }
}

/**
 * The decompressed chunks of a gzip file given as chunks, in order; `onTrailing(bytes)` is called once
 * with the number of bytes after the last member (zero padding included) when there are any. Throws a
 * GzipError when a member is corrupt or cut short.
 */
export async function* gunzipMembers(
  input: AsyncIterable<Buffer>,
  onTrailing: (bytes: number) => void,
): AsyncGenerator<Buffer> {
  const it = input[Symbol.asyncIterator]();
  let pending: Buffer = Buffer.alloc(0);
  const more = async () => {
    const r = await it.next();
    if (!r.done) pending = pending.length ? Buffer.concat([pending, r.value]) : r.value;
    return !r.done;
  };
  let members = 0;
  for (;;) {
    // A header, or what trails the data.
    let len = headerLength(pending);
    while (len === 0 && (await more())) len = headerLength(pending);
    if (len <= 0) {
      if (members === 0) throw new GzipError('not gzip data');
      let trailing = pending.length;
      pending = Buffer.alloc(0);
      while (await more()) {
        trailing += pending.length;
        pending = Buffer.alloc(0);
      }
      if (trailing > 0) onTrailing(trailing);
      return;
    }
    members++;
    const member = new Member();
    try {
      let chunk = pending.subarray(len);
      let written = 0;
      for (;;) {
        if (chunk.length > 0) {
          written += chunk.length;
          yield* await member.write(chunk);
        }
        if (member.ended) break;
        pending = Buffer.alloc(0);
        if (!(await more())) throw new GzipError('the gzip data is cut short');
        chunk = pending;
      }
      yield* member.drain();
      pending = member.leftover(written);
      while (pending.length < 8 && (await more()));
      if (pending.length < 8) throw new GzipError('the gzip data is cut short (no trailer)');
      if (pending.readUInt32LE(0) !== member.crc >>> 0 || pending.readUInt32LE(4) !== member.size % 2 ** 32)
        throw new GzipError('the gzip data is corrupt (its check does not match)');
      pending = pending.subarray(8);
    } finally {
      member.close();
    }
  }
}
