import net from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { pingRedis } from './redis.ts';
import { startPrivatePostgres, startPrivateRedis } from './private-servers.ts';

// The private servers of the outage tests: stopped and started again on the same port, as a test needs,
// and never left running (a second start is a no-op, destroy stops everything).

async function query(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await c.connect();
  try {
    return (await c.query<{ n: number }>('SELECT 1 AS n')).rows[0]?.n ?? 0;
  } finally {
    await c.end();
  }
}

/** One inline Redis command over a raw socket; its first reply line. */
function redisCommand(port: number, line: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let reply = '';
    socket.on('error', reject);
    socket.on('connect', () => socket.write(`${line}\r\n`));
    socket.on('data', (chunk) => {
      reply += chunk.toString('utf8');
      if (reply.includes('\r\n')) {
        socket.destroy();
        resolve(reply.split('\r\n')[0] ?? '');
      }
    });
  });
}

describe('private servers', () => {
  it('a Postgres that can be stopped and started again on its port', async () => {
    const server = await startPrivatePostgres();
    try {
      expect(await query(server.url)).toBe(1);
      await server.stop();
      await expect(query(server.url)).rejects.toThrow();
      await server.start();
      await server.start();
      expect(await query(server.url)).toBe(1);
    } finally {
      await server.destroy();
    }
    await expect(query(server.url)).rejects.toThrow();
  }, 60_000);

  it('a Redis that can be killed and started again, empty, on its port', async () => {
    const server = await startPrivateRedis();
    try {
      expect(await redisCommand(server.port, 'SET k v')).toBe('+OK');
      await server.kill();
      expect(await pingRedis('127.0.0.1', server.port)).toBe(false);
      await server.start();
      await server.start();
      expect(await redisCommand(server.port, 'GET k')).toBe('$-1');
    } finally {
      await server.destroy();
    }
    expect(await pingRedis('127.0.0.1', server.port)).toBe(false);
  });
});
