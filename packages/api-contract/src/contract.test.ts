import { describe, expect, it } from 'vitest';
import { AgentCreateBody, edgeErrorStatuses, LeaderboardQuery, MatchPath } from './index';

// The contract's own rules, without a server: what the API, the web UI and the CLI all rely on.

describe('the REST contract', () => {
  it('reads whole numbers in query strings strictly (no empty value, hex or exponent)', () => {
    expect(LeaderboardQuery.parse({ limit: '5' }).limit).toBe(5);
    for (const limit of ['', '0x10', '1e2', '-1', '1.5']) {
      expect(LeaderboardQuery.safeParse({ limit }).success).toBe(false);
    }
  });

  it('takes `url` and `endpoint` as other names of endpointUrl', () => {
    const body = AgentCreateBody.parse({ name: 'bot-1', url: 'http://127.0.0.1:8000' });
    expect(body).toMatchObject({ transport: 'http', endpointUrl: 'http://127.0.0.1:8000' });
  });

  it('checks ids by their prefix', () => {
    expect(MatchPath.safeParse({ id: 'mt_abc123' }).success).toBe(true);
    expect(MatchPath.safeParse({ id: 'ag_abc123' }).success).toBe(false);
  });

  it('lists the errors any operation can get from the platform itself', () => {
    expect(edgeErrorStatuses({ method: 'GET' })).toEqual([400, 408, 414, 431, 500, 503, 429]);
    expect(edgeErrorStatuses({ method: ['POST'], config: { rateLimit: false } })).toEqual([
      400, 408, 414, 431, 500, 503, 413, 415,
    ]);
  });
});
