import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, uniqueName } from './testing/harness';
import type { Harness } from './testing/harness';

// The house agents of issue 22 (the search levels and `people`) are opponents like the first three: at a
// person's table, in a casual match, and in a prompt experiment (the API alone: nothing is played here;
// packages/platform's transports test plays them in-process).

const MODEL = 'stand-in-7b';
let h: Harness;

beforeAll(async () => {
  h = await startHarness({
    worker: false,
    env: { LLM_BASE_URL: 'http://127.0.0.1:9/v1', LLM_MODELS: MODEL, MAX_ACTIVE_MATCHES_PER_ACCOUNT: '10' },
  });
}, 60_000);

afterAll(async () => {
  await h?.stop();
});

describe('house search levels and people as opponents', () => {
  it('sit at a table with a person', async () => {
    const me = await h.createAccount();
    const opponents = [await h.houseAgent('search-2'), await h.houseAgent('people')];
    const res = await h.api<{ match: { seats: { agent: { id: string } }[] } }>('POST', '/v1/tables', {
      key: me.key,
      body: { opponents, seat: 0 },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.match.seats.slice(1).map((s) => s.agent.id)).toEqual(opponents);
  });

  it("play casual matches against an author's agent", async () => {
    const me = await h.createAccount();
    const mine = await h.registerAgent(me.key, {
      name: uniqueName('mine'),
      endpointUrl: 'http://127.0.0.1:9',
    });
    const id = await h.queueMatch(me.key, [
      mine.id,
      await h.houseAgent('search-3'),
      await h.houseAgent('search-1'),
    ]);
    const m = await h.api<{ ranked: boolean; seats: { agent: { name: string } }[] }>(
      'GET',
      `/v1/matches/${id}`,
    );
    expect(m.body.ranked).toBe(false);
    expect(m.body.seats.map((s) => s.agent.name)).toEqual([
      expect.any(String),
      'house-search-3',
      'house-search-1',
    ]);
  });

  it('are the opponents of a prompt experiment', async () => {
    const me = await h.createAccount();
    const opponents = [await h.houseAgent('search-1'), await h.houseAgent('people')];
    const res = await h.api<{ opponents: { id: string; name: string }[] }>('POST', '/v1/experiments', {
      key: me.key,
      body: { name: 'vs-house', modelName: MODEL, strategyPrompts: ['a', 'b'], opponents, deals: 2 },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.opponents.map((o) => o.name)).toEqual(['house-search-1', 'house-people']);
  });
});
