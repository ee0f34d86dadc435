import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { gunzipMembers } from './gzip-members';
import { ArrayShapeError, JsonArraySplitter, type ArrayElement } from './json-array';

// Streams the elements of a JSON array file, gzipped or not (told by the gzip magic bytes, whatever the
// file's name), one at a time with backpressure, as raw JSON text (json-array.ts): memory stays flat
// however large the file, and however large one element. What follows the data is reported, not fatal:
// bytes after a complete gzip stream (Node's gunzip drops zero padding silently and fails on anything
// else: gzip-members.ts reads the data member by member instead), or after the array's closing bracket,
// are a warning of the import; the games were all read.

export class FileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FileError';
  }
}

/** What a file cannot be: missing, a directory, unreadable. Raised before anything is imported. */
export class MissingFileError extends FileError {}

export interface SourceLimits {
  /** Bytes one element (game) may take; a larger one is skipped as `too_large`. */
  maxElementBytes: number;
  /** Nesting one element may have; a deeper one is skipped as `too_deep`. */
  maxElementDepth: number;
}

export const DEFAULT_LIMITS: SourceLimits = { maxElementBytes: 4 * 1024 * 1024, maxElementDepth: 32 };

async function isGzip(file: string): Promise<boolean> {
  const fd = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await fd.read(Buffer.alloc(2), 0, 2, 0);
    return bytesRead === 2 && buffer[0] === 0x1f && buffer[1] === 0x8b;
  } finally {
    await fd.close();
  }
}

class ItemError extends Error {
  constructor(readonly inner: unknown) {
    super('item');
  }
}

export interface ArraySource {
  /** Size of the file on disk (compressed when gzipped). */
  totalBytes: number;
  gzip: boolean;
  /** Bytes of the file read so far (for a progress bar). */
  bytesRead(): number;
  /**
   * Calls `onItem` for each element in order, awaiting it (backpressure); resolves with the count and the
   * warnings (what follows the data); rejects with a FileError when the file is no readable JSON array.
   */
  forEach(onItem: (el: ArrayElement) => Promise<void> | void): Promise<{ count: number; warnings: string[] }>;
}

/** Opens `file`; a MissingFileError when it is not there or not a readable file. */
export async function openArrayFile(
  file: string,
  limits: SourceLimits = DEFAULT_LIMITS,
): Promise<ArraySource> {
  let totalBytes: number;
  let gzip: boolean;
  try {
    const s = await stat(file);
    if (!s.isFile()) throw new MissingFileError(`${file} is not a file`);
    totalBytes = s.size;
    gzip = await isGzip(file);
  } catch (err) {
    if (err instanceof FileError) throw err;
    throw new MissingFileError(`cannot read ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const source = createReadStream(file, { highWaterMark: 1 << 20 });
  return {
    totalBytes,
    gzip,
    bytesRead: () => source.bytesRead,
    async forEach(onItem) {
      const splitter = new JsonArraySplitter(limits.maxElementBytes, limits.maxElementDepth);
      const warnings: string[] = [];
      const chunks = source as AsyncIterable<Buffer>;
      const data = gzip
        ? gunzipMembers(chunks, (n) =>
            warnings.push(`${file}: ${n} bytes after the end of the gzip data were ignored`),
          )
        : chunks;
      let count = 0;
      try {
        for await (const chunk of data) {
          for (const el of splitter.push(chunk)) {
            try {
              await onItem(el);
            } catch (err) {
              throw new ItemError(err);
            }
            count++;
          }
        }
        splitter.end();
        if (splitter.trailing > 0)
          warnings.push(`${file}: ${splitter.trailing} bytes after the end of the JSON array were ignored`);
      } catch (err) {
        // Errors of our own per-item work (the database) are not the file's fault: let them through.
        if (err instanceof ItemError) throw err.inner;
        const message = err instanceof Error ? err.message : String(err);
        throw new FileError(
          `${file} is not a JSON array of games (${err instanceof ArrayShapeError ? message : `unreadable: ${message}`})`,
        );
      } finally {
        source.destroy();
      }
      return { count, warnings };
    },
  };
}
