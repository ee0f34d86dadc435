import { Replay, replayForSeat } from '@coup/protocol';
import { CliError, EXIT_FAILED } from '../errors.ts';
import { renderReplay } from './omniscient.ts';
import { readReplayFile, whereOf } from './read.ts';
import type { FileEntry } from './read.ts';
import { renderSeatReplay } from './seat.ts';

/** The options of `coup replay show`, as commander parses them (commands/*.ts). */
export interface ReplayShowOptions {
  index: number;
  seat?: number;
  prompts: boolean;
}

/** `coup replay show`: the --index-th replay of the file, omniscient or as one seat saw it. */
export async function showFile(path: string, opts: ReplayShowOptions): Promise<void> {
  if (opts.prompts && opts.seat === undefined) throw new CliError('--prompts needs --seat');
  let found: FileEntry | null = null;
  let count = 0;
  for await (const entry of readReplayFile(path)) {
    count = entry.index;
    if (entry.index === opts.index) {
      found = entry;
      break;
    }
  }
  if (!found) {
    throw new CliError(
      `${path} holds ${count} replay${count === 1 ? '' : 's'}: no replay number ${opts.index}`,
    );
  }
  const parsed = Replay.safeParse(found.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const at = issue?.path.map(String).join('.') || 'replay';
    throw new CliError(`${path} ${whereOf(found)}: not a replay (${at}: ${issue?.message ?? 'invalid'})`);
  }
  const replay = parsed.data;
  let lines: string[];
  try {
    if (opts.seat !== undefined) {
      if (opts.seat >= replay.players.length) {
        throw new CliError(`--seat must be from 0 to ${replay.players.length - 1} for this replay`);
      }
      lines = renderSeatReplay(replayForSeat(replay, opts.seat), opts.prompts);
    } else {
      lines = renderReplay(replay);
    }
  } catch (err) {
    if (err instanceof CliError) throw err;
    const message = err instanceof Error ? err.message : String(err);
    throw new CliError(`cannot show this replay: ${message} (see coup replay verify)`, EXIT_FAILED);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}
