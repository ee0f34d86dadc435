import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

// The worker's replay packing threads (issue 23): one by default, none (packing on the event loop) with 0.

describe('WORKER_PACK_THREADS', () => {
  it('defaults to 1, takes 0 to pack on the event loop, and refuses a bad value naming the variable', () => {
    expect(parseEnv({}).WORKER_PACK_THREADS).toBe(1);
    expect(parseEnv({ WORKER_PACK_THREADS: '0' }).WORKER_PACK_THREADS).toBe(0);
    expect(parseEnv({ WORKER_PACK_THREADS: '2' }).WORKER_PACK_THREADS).toBe(2);
    expect(() => parseEnv({ WORKER_PACK_THREADS: '-1' })).toThrow(/WORKER_PACK_THREADS/);
    expect(() => parseEnv({ WORKER_PACK_THREADS: 'some' })).toThrow(/WORKER_PACK_THREADS/);
  });
});
