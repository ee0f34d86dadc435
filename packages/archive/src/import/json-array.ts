// Splits the text of a JSON array, fed in chunks of bytes, into the raw text of its elements, with a cap on
// one element's size and depth: an element over the cap is skipped (its bytes are not kept) and reported
// as such, so a file holding a 1 GiB string or a 10,000-deep nesting costs one bad game, not the import
// nor the memory. Only the array's own structure is checked here (brackets, strings, commas); each
// element's text is parsed later with JSON.parse (a bad element is then one bad game). A JSON parser with
// a token stream (stream-json) could not cap an element without streaming every string in pieces, which
// costs 2-3 times the time; this scan jumps from quote to quote with Buffer.indexOf.

export type ElementProblem = 'too_large' | 'too_deep';

export interface ArrayElement {
  /** 0-based position in the array. */
  index: number;
  /** The element's JSON text, or null when it was skipped (see `problem`). */
  text: string | null;
  problem?: ElementProblem;
  /** The element's size in bytes. */
  bytes: number;
}

export class ArrayShapeError extends Error {}

const WS = new Uint8Array(256);
for (const c of [0x20, 0x09, 0x0a, 0x0d]) WS[c] = 1;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

type State = 'start' | 'first' | 'before' | 'value' | 'after' | 'done';

export class JsonArraySplitter {
  private state: State = 'start';
  private index = 0;
  // The element being read.
  private pieces: Buffer[] = [];
  private size = 0;
  private depth = 0;
  private maxSeen = 0;
  private inString = false;
  private escaped = false;
  /** A top-level string, number, true, false or null (no brackets). */
  private scalar = false;
  /** No byte of the element has been scanned yet. */
  private fresh = false;
  private skipped: ElementProblem | null = null;
  /** A `null` element held back: the archive's files end with one (a terminator, not a game). */
  private heldNull: ArrayElement | null = null;
  private bsBuf: Buffer | null = null;
  private bsAt = -1;
  /** Bytes after the array's closing bracket that are not whitespace. */
  trailing = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly maxDepth: number,
  ) {}

  get done(): boolean {
    return this.state === 'done';
  }

  /** Feeds a chunk; returns the elements it completed. Throws ArrayShapeError when the text is no array. */
  push(buf: Buffer): ArrayElement[] {
    const out: ArrayElement[] = [];
    let i = 0;
    const n = buf.length;
    while (i < n) {
      switch (this.state) {
        case 'start':
        case 'before':
        case 'first':
        case 'after':
        case 'done': {
          while (i < n && WS[buf[i]!]) i++;
          if (i >= n) break;
          const c = buf[i]!;
          if (this.state === 'done') {
            this.trailing += n - i;
            return out;
          }
          if (this.state === 'start') {
            if (c !== 0x5b)
              throw new ArrayShapeError(`it starts with ${JSON.stringify(String.fromCharCode(c))}, not [`);
            this.state = 'first';
            i++;
          } else if (this.state === 'after') {
            if (c === 0x2c) this.state = 'before';
            else if (c === 0x5d) this.close();
            else
              throw new ArrayShapeError(
                `${JSON.stringify(String.fromCharCode(c))} after element ${this.index}`,
              );
            i++;
          } else if (c === 0x5d && this.state === 'first') {
            this.close();
            i++;
          } else if (c === 0x5d || c === 0x2c)
            throw new ArrayShapeError(`a missing element at ${this.index}`);
          else this.open();
          break;
        }
        case 'value':
          i = this.scan(buf, i, out);
          break;
      }
    }
    return out;
  }

  /** The input ended: throws when the array is not closed. */
  end(): void {
    if (this.state !== 'done') throw new ArrayShapeError('it ends before the array is closed');
  }

  private open(): void {
    this.state = 'value';
    this.pieces = [];
    this.size = 0;
    this.depth = 0;
    this.maxSeen = 0;
    this.inString = false;
    this.escaped = false;
    this.scalar = false;
    this.fresh = true;
    this.skipped = null;
  }

  private close(): void {
    // A held null was the last element: the terminator of the archive's files, not a game.
    this.heldNull = null;
    this.state = 'done';
  }

  /** Scans the element from `i`; returns where it stopped (the chunk's end, or after the element). */
  private scan(buf: Buffer, i: number, out: ArrayElement[]): number {
    const n = buf.length;
    const start = i;
    let end = -1;
    while (i < n) {
      if (this.inString) {
        if (this.escaped) {
          this.escaped = false;
          i++;
          continue;
        }
        const q = buf.indexOf(QUOTE, i);
        // The next backslash, searched once per chunk and again only past it (they are rare).
        if (this.bsBuf !== buf || (this.bsAt !== -1 && this.bsAt < i)) {
          this.bsBuf = buf;
          this.bsAt = buf.indexOf(BACKSLASH, i);
        }
        const b = this.bsAt;
        if (b !== -1 && (q === -1 || b < q)) {
          i = b + 1;
          this.escaped = true;
          continue;
        }
        if (q === -1) {
          i = n;
          break;
        }
        i = q + 1;
        this.inString = false;
        if (this.scalar && this.depth === 0) {
          end = i;
          break;
        }
        continue;
      }
      const c = buf[i]!;
      const fresh = this.fresh;
      this.fresh = false;
      if (c === QUOTE) {
        if (fresh) this.scalar = true;
        this.inString = true;
        i++;
      } else if (c === 0x7b || c === 0x5b) {
        this.depth++;
        if (this.depth > this.maxSeen) this.maxSeen = this.depth;
        if (this.depth > this.maxDepth) this.skip('too_deep');
        i++;
      } else if (c === 0x7d || c === 0x5d) {
        if (this.depth === 0) {
          // The array's closing bracket right after a scalar element.
          end = i;
          break;
        }
        this.depth--;
        i++;
        if (this.depth === 0) {
          end = i;
          break;
        }
      } else if (this.depth === 0 && (c === 0x2c || WS[c])) {
        end = i;
        break;
      } else {
        if (this.depth === 0) this.scalar = true;
        i++;
      }
    }
    const stop = end === -1 ? n : end;
    this.keep(buf, start, stop);
    if (end !== -1) this.finish(out);
    return stop;
  }

  private keep(buf: Buffer, from: number, to: number): void {
    this.size += to - from;
    if (this.size > this.maxBytes) this.skip('too_large');
    if (!this.skipped && to > from) this.pieces.push(buf.subarray(from, to));
  }

  private skip(problem: ElementProblem): void {
    this.skipped ??= problem;
    this.pieces = [];
  }

  private finish(out: ArrayElement[]): void {
    this.state = 'after';
    const text = this.skipped
      ? null
      : this.pieces.length === 1
        ? this.pieces[0]!.toString('utf8')
        : Buffer.concat(this.pieces).toString('utf8');
    const el: ArrayElement = {
      index: this.index++,
      text,
      bytes: this.size,
      ...(this.skipped ? { problem: this.skipped } : {}),
    };
    this.pieces = [];
    if (this.heldNull) out.push(this.heldNull);
    this.heldNull = text === 'null' ? el : null;
    if (!this.heldNull) out.push(el);
  }
}
