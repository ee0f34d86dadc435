import { randomBytes } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { PEOPLE_MODEL_FILE, formatPeopleModel, parsePeopleModel } from '@coup/bots';
import { DatasetError, PeopleFitter, readDatasetGames, readFileGames } from '@coup/archive/people';
import type { GamesRead } from '@coup/archive/people';
import type { DecodedGame } from '@coup/archive';
import { CliError, EXIT_FAILED } from '../errors.ts';

// `coup dataset fit-people`: the `people` bot's model fitted on a human dataset (from the database, as
// `coup dataset import` stored it) or on an archive file, written where the bot loads it (or --out).

export interface FitPeopleOptions {
  file?: string;
  out?: string;
  databaseUrl?: string;
}

/**
 * The database of a platform started here with `npm start`, as `coup dataset import` finds it. Loaded by
 * name at run time so that an installed `coup` (a bundle without the repository's Prisma client) does
 * not carry @coup/db: there it finds none and asks for --database-url.
 */
async function localDatabaseUrl(): Promise<string | null> {
  const db = '@coup/db';
  try {
    const mod = (await import(db)) as { readLocalDatabaseUrl(): string | null };
    return mod.readLocalDatabaseUrl();
  } catch {
    return null;
  }
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

function describeSkipped(r: GamesRead): string[] {
  const parts = Object.entries(r.skipped).map(([why, n]) => `${why} ${n}`);
  return parts.length ? [`  games skipped: ${parts.join(', ')}`] : [];
}

export async function fitPeopleCommand(ref: string | undefined, opts: FitPeopleOptions): Promise<void> {
  if (ref === undefined && opts.file === undefined)
    throw new CliError('give a dataset (its id or name) or --file <archive file>');
  if (ref !== undefined && opts.file !== undefined) throw new CliError('give a dataset or --file, not both');
  // An installed coup (a bundle) has no shipped model file to replace: it must be told where to write.
  if (opts.out === undefined && !existsSync(dirname(PEOPLE_MODEL_FILE)))
    throw new CliError('no shipped people model here (an installed coup): pass --out <file>');
  const out = opts.out ?? PEOPLE_MODEL_FILE;
  const fitter = new PeopleFitter();
  // A line on stderr every 5 s: a fit of the whole archive takes minutes.
  let last = Date.now();
  const add = (g: DecodedGame) => {
    fitter.add(g);
    if (Date.now() - last < 5000) return;
    last = Date.now();
    process.stderr.write(`fit-people: ${fitter.games} games read, ${fitter.gamesWithPeople} with people\n`);
  };
  let read: GamesRead;
  let description: string;
  if (opts.file !== undefined) {
    try {
      read = await readFileGames(opts.file, add);
    } catch (err) {
      throw new CliError(message(err), EXIT_FAILED);
    }
    description = `archive file ${basename(opts.file)}`;
  } else {
    const databaseUrl = opts.databaseUrl || process.env.DATABASE_URL || (await localDatabaseUrl());
    if (!databaseUrl)
      throw new CliError(
        'no database: set DATABASE_URL or pass --database-url (or start the platform here with `npm start`), ' +
          'or fit on a file with --file',
      );
    try {
      const r = await readDatasetGames(databaseUrl, ref as string, add);
      read = r;
      description = `dataset ${r.dataset.id} (${r.dataset.name})`;
    } catch (err) {
      if (err instanceof DatasetError) throw new CliError(err.message, EXIT_FAILED);
      throw new CliError(`cannot read the dataset: ${message(err)}`, EXIT_FAILED);
    }
  }
  for (const w of read.warnings) process.stderr.write(`coup: warning: ${w}\n`);
  if (fitter.gamesWithPeople === 0)
    throw new CliError(
      `no game with people in ${description} (${read.games} games, every seat marked "ai"): nothing to fit`,
      EXIT_FAILED,
    );

  const file = fitter.model({ description });
  const text = formatPeopleModel(file);
  // The bot refuses a file it cannot read: check it before it replaces the model in place.
  parsePeopleModel(JSON.parse(text));
  // Written beside the target, then renamed over it: a failed write never leaves half a model.
  const tmp = `${out}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(tmp, text);
    await rename(tmp, out);
  } catch (err) {
    await rm(tmp, { force: true });
    throw new CliError(`cannot write the model to ${out}: ${message(err)}`, EXIT_FAILED);
  }
  const d = file.source.decisions;
  process.stdout.write(
    [
      `people model fitted on ${description}`,
      `  games ${fitter.games}, with people ${fitter.gamesWithPeople}; game types: ${Object.keys(file.games).join(', ')}`,
      `  people's decisions: actions ${d.action}, challenge chances ${d.challenge}, block chances ${d.block}, ` +
        `targets ${d.target}, cards given up ${d.reveal}`,
      ...describeSkipped(read),
      `  wrote ${out} (${Math.ceil(Buffer.byteLength(text) / 1024)} KB)`,
    ].join('\n') + '\n',
  );
}
