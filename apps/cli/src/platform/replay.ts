import { writeFile } from 'node:fs/promises';
import { CliError } from '../errors.ts';
import type { PlatformContext } from './context.ts';
import { note, print, printJson } from './format.ts';

export interface DownloadOptions {
  seat?: number;
  out?: string;
}

/**
 * `replay download`: the full replay (what `coup replay show` and `coup replay verify` read), or with
 * --seat exactly what that seat was sent, which is a different format for debugging one agent. Written as
 * one JSON line, so replays can also be appended into a JSON lines file. `--out -` writes to stdout.
 */
export async function downloadReplay(
  ctx: PlatformContext,
  matchId: string,
  o: DownloadOptions,
): Promise<void> {
  const seat = o.seat;
  const replay =
    seat !== undefined
      ? await ctx.client.call('GET /matches/:id/replay?seat=:seat', { params: { id: matchId, seat } })
      : await ctx.client.call('GET /matches/:id/replay', { params: { id: matchId } });
  const text = `${JSON.stringify(replay)}\n`;
  const out = o.out ?? (o.seat !== undefined ? `${matchId}-seat${o.seat}.json` : `${matchId}.json`);
  if (out === '-') {
    process.stdout.write(text);
    return;
  }
  try {
    await writeFile(out, text);
  } catch (err) {
    throw new CliError(`cannot write ${out}: ${(err as Error).message}`);
  }
  if (printJson(ctx, { matchId, seat: o.seat ?? null, file: out, bytes: Buffer.byteLength(text) })) return;
  if (o.seat === undefined) {
    print(`replay of match ${matchId} written to ${out}`);
    note(`check it: coup replay verify ${out}   read it: coup replay show ${out}`);
  } else {
    print(`seat ${o.seat}'s view of match ${matchId} written to ${out}`);
    note(
      'a seat view holds only what that seat was sent: coup replay verify and show take full replays ' +
        `(download without --seat, then coup replay show <file> --seat ${o.seat})`,
    );
  }
}
