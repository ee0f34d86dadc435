import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { DecodedGame } from '@coup/archive-format';
import { toCompactGame } from '../pack';

// Archive files as the public archive ships them: a JSON array of games, compact (events base64) or
// decoded (events objects), optionally gzipped. Written as a stream, so large files take little memory.

export interface ArchiveFileOptions {
  compact?: boolean;
  gzip?: boolean;
}

function* lines(games: Iterable<DecodedGame>, compact: boolean): Generator<string> {
  yield '[';
  let first = true;
  for (const g of games) {
    yield (first ? '\n' : ',\n') + JSON.stringify(compact ? toCompactGame(g) : g);
    first = false;
  }
  yield '\n]\n';
}

export async function writeArchiveFile(
  path: string,
  games: Iterable<DecodedGame>,
  opts: ArchiveFileOptions = {},
): Promise<void> {
  const source = Readable.from(lines(games, opts.compact ?? true));
  if (opts.gzip) await pipeline(source, createGzip({ level: 1 }), createWriteStream(path));
  else await pipeline(source, createWriteStream(path));
}
