import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { fromReplay } from '@coup/archive';
import { TreasonExport } from '@coup/api-contract';
import { Replay } from '@coup/protocol';
import { CliError, EXIT_FAILED } from '../errors.ts';
import { platformContext } from '../platform/context.ts';
import { readReplayFile, whereOf } from './read.ts';

export interface ReplayExportOptions {
  format: 'treason';
  compact: boolean;
  out?: string;
  url?: string;
  key?: string;
}

/** Every replay of a local file (a replay, JSON lines or an array), exported. */
async function fromFile(file: string): Promise<TreasonExport[]> {
  const out: TreasonExport[] = [];
  for await (const entry of readReplayFile(file)) {
    const replay = Replay.safeParse(entry.value);
    const where = `${file} ${whereOf(entry)}`.trim();
    if (!replay.success) throw new CliError(`${where}: not a replay`, EXIT_FAILED);
    const r = fromReplay(replay.data);
    if (!r.ok) throw new CliError(`${where}: ${r.error}`, EXIT_FAILED);
    out.push(r.game);
  }
  return out;
}

/** A finished match of the platform (`GET /v1/matches/:id/replay?format=treason`). */
async function fromPlatform(matchId: string, o: ReplayExportOptions): Promise<TreasonExport[]> {
  const ctx = await platformContext({ ...(o.url ? { url: o.url } : {}), ...(o.key ? { key: o.key } : {}) });
  const body = await ctx.client.call('GET /matches/:id/replay?format=treason', { params: { id: matchId } });
  const parsed = TreasonExport.safeParse(body);
  if (!parsed.success)
    throw new CliError(`the platform's answer for ${matchId} is not a treason export`, EXIT_FAILED);
  return [parsed.data];
}

/**
 * `coup replay export`: a match (a local replay file, or a match id on the platform) as games of the public
 * human games archive: a JSON array, decoded or (--compact) packed, which `coup dataset import` reads.
 */
export async function exportCommand(source: string, o: ReplayExportOptions): Promise<void> {
  const games = existsSync(source) ? await fromFile(source) : await fromPlatform(source, o);
  for (const g of games)
    for (const n of g.notes) process.stderr.write(`coup: ${String(g.decoded.gameId)}: ${n}\n`);
  const text = `[${games.map((g) => JSON.stringify(o.compact ? g.compact : g.decoded)).join(',\n')}]\n`;
  if (!o.out || o.out === '-') {
    process.stdout.write(text);
    return;
  }
  try {
    await writeFile(o.out, text);
  } catch (err) {
    throw new CliError(`cannot write ${o.out}: ${(err as Error).message}`);
  }
  process.stderr.write(`${games.length} game(s) written to ${o.out}\n`);
}
