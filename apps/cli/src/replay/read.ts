import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { CliError } from '../errors.ts';

/** One JSON value of a replay file: its 1-based position, and its line in a JSON lines file. */
export interface FileEntry {
  index: number;
  line: number | null;
  value: unknown;
}

function fileError(path: string, err: unknown): CliError {
  const code = (err as { code?: string }).code;
  const why =
    code === 'ENOENT'
      ? 'no such file'
      : code === 'EISDIR'
        ? 'is a directory'
        : code === 'EACCES'
          ? 'permission denied'
          : (code ?? (err as Error).message);
  return new CliError(`cannot read ${path}: ${why}`);
}

function jsonError(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * Reads a replay file entry by entry without holding a big JSON lines file in memory: one JSON value per
 * line (coup play --out), or, when the first line is not JSON on its own, the whole file as one JSON
 * value (a pretty-printed replay, or an array of replays). Unreadable files and invalid JSON are
 * CliErrors (exit 2); whether a value is a replay is for the caller to judge.
 */
export async function* readReplayFile(path: string): AsyncGenerator<FileEntry> {
  try {
    const s = await stat(path);
    if (s.isDirectory()) throw Object.assign(new Error('directory'), { code: 'EISDIR' });
  } catch (err) {
    throw fileError(path, err);
  }
  const stream = createReadStream(path, { encoding: 'utf8' });
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  let lineNo = 0;
  let index = 0;
  let whole = false;
  try {
    for await (const text of lines) {
      lineNo++;
      if (text.trim() === '') continue;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (err) {
        if (index === 0) {
          whole = true;
          break;
        }
        throw new CliError(`${path}:${lineNo}: not valid JSON (${jsonError(err)})`);
      }
      yield { index: ++index, line: lineNo, value };
    }
  } catch (err) {
    if (err instanceof CliError) throw err;
    throw fileError(path, err);
  } finally {
    lines.close();
    stream.destroy();
  }
  if (whole) {
    let value: unknown;
    try {
      value = JSON.parse(await readFile(path, 'utf8'));
    } catch (err) {
      if (err instanceof SyntaxError)
        throw new CliError(`${path}: not valid JSON or JSON lines (${jsonError(err)})`);
      throw fileError(path, err);
    }
    const values = Array.isArray(value) ? (value as unknown[]) : [value];
    for (const v of values) yield { index: ++index, line: null, value: v };
  }
  if (index === 0) throw new CliError(`${path}: no replay in the file (it is empty)`);
}

/** Where an entry is, for messages: "line 3" in JSON lines, "#2" in an array, "" for a lone replay. */
export function whereOf(entry: FileEntry): string {
  return entry.line !== null ? `line ${entry.line}` : `#${entry.index}`;
}
