import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import streamArray from 'stream-json/streamers/stream-array.js';

// Streams the elements of a JSON array file, gzipped or not (told by the gzip magic bytes, whatever the
// file's name), one at a time with backpressure: memory stays flat however large the file. Values are
// parsed whole (`streamValues: false`: no token per string chunk), 2-3 times faster; a game is small.

export class FileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FileError';
  }
}

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
  /** Calls `onItem` for each element in order, awaiting it (backpressure); rejects with a FileError. */
  forEach(onItem: (value: unknown, index: number) => Promise<void> | void): Promise<number>;
}

export async function openArrayFile(file: string): Promise<ArraySource> {
  let totalBytes: number;
  let gzip: boolean;
  try {
    const s = await stat(file);
    if (!s.isFile()) throw new FileError(`${file} is not a file`);
    totalBytes = s.size;
    gzip = await isGzip(file);
  } catch (err) {
    if (err instanceof FileError) throw err;
    throw new FileError(`cannot read ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const source = createReadStream(file, { highWaterMark: 1 << 20 });
  return {
    totalBytes,
    gzip,
    bytesRead: () => source.bytesRead,
    async forEach(onItem) {
      let count = 0;
      const stages = [
        source,
        ...(gzip ? [createGunzip()] : []),
        streamArray.withParserAsStream({ streamValues: false }),
      ];
      try {
        await pipeline(
          ...(stages as [typeof source]),
          async (items: AsyncIterable<{ key: number; value: unknown }>) => {
            for await (const item of items) {
              try {
                await onItem(item.value, item.key);
              } catch (err) {
                throw new ItemError(err);
              }
              count++;
            }
          },
        );
      } catch (err) {
        // Errors of our own per-item work (the database) are not the file's fault: let them through.
        if (err instanceof ItemError) throw err.inner;
        const message = err instanceof Error ? err.message : String(err);
        throw new FileError(`${file} is not a JSON array of games (${message})`);
      }
      return count;
    },
  };
}
