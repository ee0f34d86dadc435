import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness } from './testing/harness';
import type { Harness } from './testing/harness';

// Whole numbers in query strings are read strictly: what a client did not mean is an error, never a guess.
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ worker: false });
}, 60_000);
afterAll(() => h?.stop());

describe('query numbers', () => {
  it.each([
    '/v1/matches?limit=',
    '/v1/matches?limit=0x10',
    '/v1/matches?limit=1e1',
    '/v1/matches?limit=-1',
    '/v1/matches?limit=101',
    '/v1/leaderboard?offset=1.5',
    '/v1/agents?limit=%20',
  ])('%s is a 400', async (path) => {
    const res = await h.api<{ error: { code: string } }>('GET', path);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
  });

  it('reads plain numbers and applies defaults', async () => {
    expect((await h.api('GET', '/v1/matches?limit=5')).status).toBe(200);
    const board = await h.api<{ items: unknown[] }>('GET', '/v1/leaderboard');
    expect(board.status).toBe(200);
  });
});
