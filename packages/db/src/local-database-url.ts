import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dataDir } from './paths.ts';

// `npm start` without DATABASE_URL runs an embedded Postgres on a port chosen at start, with a generated
// password. It writes that database's URL here (owner-only) so the tools a user runs beside it, such as
// `coup dataset import`, find the running platform's database without being told.

export const localDatabaseUrlFile = (): string => path.join(dataDir(), 'database.url');

export function writeLocalDatabaseUrl(url: string): void {
  mkdirSync(dataDir(), { recursive: true });
  writeFileSync(localDatabaseUrlFile(), `${url}\n`, { mode: 0o600 });
}

/** The URL `npm start` wrote, or null when there is none. */
export function readLocalDatabaseUrl(): string | null {
  try {
    return readFileSync(localDatabaseUrlFile(), 'utf8').trim() || null;
  } catch {
    return null;
  }
}
