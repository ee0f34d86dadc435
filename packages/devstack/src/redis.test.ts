import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureRedis, pingRedis, startRedisServer } from './redis.ts';

const hasRedisServer = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
const savedUrl = process.env.REDIS_URL;
afterEach(() => {
  if (savedUrl === undefined) delete process.env.REDIS_URL;
  else process.env.REDIS_URL = savedUrl;
});

describe('ensureRedis', () => {
  it('uses REDIS_URL as given', async () => {
    process.env.REDIS_URL = 'redis://example.invalid:6380/2';
    const r = await ensureRedis();
    expect(r).toMatchObject({ url: 'redis://example.invalid:6380/2', source: 'env' });
    await r.stop();
  });

  it('uses 127.0.0.1:6379 when it answers PING, else starts redis-server', async () => {
    delete process.env.REDIS_URL;
    const local = await pingRedis('127.0.0.1', 6379);
    const r = await ensureRedis();
    try {
      expect(r.source).toBe(local ? 'local' : 'spawned');
    } finally {
      await r.stop();
    }
  });

  it.skipIf(!hasRedisServer)('starts and stops a redis-server of its own', async () => {
    const r = await startRedisServer();
    const port = Number(new URL(r.url).port);
    expect(await pingRedis('127.0.0.1', port)).toBe(true);
    await r.stop();
    expect(await pingRedis('127.0.0.1', port)).toBe(false);
  });

  it('says nothing answers on a closed port', async () => {
    expect(await pingRedis('127.0.0.1', 1)).toBe(false);
  });
});
