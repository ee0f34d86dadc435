import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

// The worker slots' settings (issue 17): one account's share of a worker's slots defaults to half of them,
// and tables have slots of their own.

describe('WORKER_SLOTS_PER_ACCOUNT and TABLE_CONCURRENCY', () => {
  it('default to half of WORKER_CONCURRENCY (at least 1) and 32', () => {
    expect(parseEnv({})).toMatchObject({
      WORKER_CONCURRENCY: 8,
      WORKER_SLOTS_PER_ACCOUNT: 4,
      TABLE_CONCURRENCY: 32,
    });
    expect(parseEnv({ WORKER_CONCURRENCY: '5' }).WORKER_SLOTS_PER_ACCOUNT).toBe(2);
    expect(parseEnv({ WORKER_CONCURRENCY: '1' }).WORKER_SLOTS_PER_ACCOUNT).toBe(1);
    expect(parseEnv({ WORKER_SLOTS_PER_ACCOUNT: '' }).WORKER_SLOTS_PER_ACCOUNT).toBe(4);
  });

  it('take a value, and refuse a bad one naming the variable', () => {
    expect(parseEnv({ WORKER_SLOTS_PER_ACCOUNT: '3', TABLE_CONCURRENCY: '8' })).toMatchObject({
      WORKER_SLOTS_PER_ACCOUNT: 3,
      TABLE_CONCURRENCY: 8,
    });
    expect(() => parseEnv({ WORKER_SLOTS_PER_ACCOUNT: '0' })).toThrow(/WORKER_SLOTS_PER_ACCOUNT/);
    expect(() => parseEnv({ TABLE_CONCURRENCY: 'many' })).toThrow(/TABLE_CONCURRENCY/);
  });
});
