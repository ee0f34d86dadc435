import { spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import { freePort } from './ports.ts';

export type RedisHandle = {
  url: string;
  /** Stops the redis-server this call started; a no-op for a Redis that was already there. */
  stop(): Promise<void>;
  /** Where the URL came from. */
  source: 'env' | 'local' | 'spawned';
};

export const REDIS_INSTALL_HINT =
  'Redis is needed: install it (`apt-get install redis-server`, or `brew install redis`) so redis-server is on ' +
  'PATH, run one on 127.0.0.1:6379, or set REDIS_URL=redis://host:port';

/** Sends PING over a raw socket; true when the server answers +PONG (or asks for auth: it is a Redis). */
export function pingRedis(host: string, port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    let reply = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString('utf8');
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG') || reply.startsWith('-NOAUTH'));
    });
  });
}

/**
 * A Redis for the platform: REDIS_URL when set (not probed: it may need auth or TLS); else 127.0.0.1:6379 if
 * it answers; else a redis-server from PATH on a free port, with persistence off (queues are rebuilt from
 * Postgres, so nothing of value is lost); else an Error saying what to install.
 */
export async function ensureRedis(options: { log?: (line: string) => void } = {}): Promise<RedisHandle> {
  const fromEnv = process.env.REDIS_URL;
  if (fromEnv) return { url: fromEnv, stop: async () => {}, source: 'env' };
  if (await pingRedis('127.0.0.1', 6379)) {
    return { url: 'redis://127.0.0.1:6379', stop: async () => {}, source: 'local' };
  }
  if (spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status !== 0) {
    throw new Error(REDIS_INSTALL_HINT);
  }
  return startRedisServer(options.log);
}

/** Starts a private redis-server from PATH on a free port (exported for tests). */
export async function startRedisServer(log?: (line: string) => void): Promise<RedisHandle> {
  const port = await freePort();
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
  const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-2000);
    log?.(chunk.toString('utf8').trimEnd());
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const deadline = Date.now() + 5000;
  while (!(await pingRedis('127.0.0.1', port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`redis-server did not start on port ${port}:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  // If this process dies, take redis-server along rather than leaving it orphaned.
  const killOnExit = () => child.kill('SIGTERM');
  process.once('exit', killOnExit);
  return {
    url: `redis://127.0.0.1:${port}`,
    source: 'spawned',
    stop: async () => {
      process.off('exit', killOnExit);
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
