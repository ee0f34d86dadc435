import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorShapeProblem, startHarness, uniqueName } from './testing/harness';
import type { ApiResponse, Harness } from './testing/harness';

// POST /v1/experiments and its reads, on the API alone (no worker: the first deals stay queued): who may
// create one, what is refused and how, what is written (one hidden llm agent per prompt, deals as match
// groups on one seed with rotated seats, queued a few matches at a time), and who sees the prompts.

const MODEL = 'stand-in-7b';
const CONCURRENCY = 4;

interface ErrorBody {
  error: { code: string; message: string; details?: Record<string, unknown> };
}
interface Experiment {
  id: string;
  name: string;
  status: string;
  modelName: string;
  deals: number;
  seatsPerMatch: number;
  seed: string | null;
  opponents: { id: string; name: string }[];
  prompts: { index: number; label: string; agentId: string; strategyPrompt?: string; deals: number }[];
  comparisons: { prompt: number; baseline: number; deals: number }[];
  progress: Record<string, number>;
  dealResults: {
    deal: number;
    groupId: string;
    rotation: number;
    matches: { prompt: number; matchId: string; status: string; place: number | null }[];
  }[];
  links: { self: string; web: string };
}
interface Match {
  id: string;
  ranked: boolean;
  seed: string | null;
  seedCommitment: string;
  seats: { seat: number; agent: { id: string } }[];
}

let h: Harness;
let house: string;

beforeAll(async () => {
  h = await startHarness({
    env: {
      // A model server is configured but never called (no worker here).
      LLM_BASE_URL: 'http://127.0.0.1:9/v1',
      LLM_MODELS: `${MODEL},other-model`,
      EXPERIMENT_CONCURRENCY: String(CONCURRENCY),
      MAX_EXPERIMENT_MATCHES: '40',
      MAX_ACTIVE_MATCHES_PER_ACCOUNT: '2',
    },
  });
  house = await h.houseAgent('random');
}, 60_000);

afterAll(async () => {
  await h?.stop();
});

const body = (extra: Record<string, unknown> = {}) => ({
  name: 'bluffing',
  modelName: MODEL,
  strategyPrompts: ['Bluff rarely.', 'Bluff often.'],
  opponents: [house],
  deals: 10,
  ...extra,
});

const create = (key: string | undefined, b: unknown) =>
  h.api<Experiment>('POST', '/v1/experiments', { ...(key ? { key } : {}), body: b });

function expectError(res: ApiResponse<unknown>, status: number, code: string): ErrorBody['error'] {
  expect(res.status, res.text).toBe(status);
  expect(errorShapeProblem(res.body)).toBeNull();
  const error = (res.body as ErrorBody).error;
  expect(error.code).toBe(code);
  return error;
}

describe('POST /v1/experiments', () => {
  it('needs an account key: 401 without one, 403 with the admin key (it has no account to own it)', async () => {
    expectError(await create(undefined, body()), 401, 'unauthorized');
    expectError(await create(h.adminKey, body()), 403, 'forbidden');
  });

  it('refuses bad bodies with 400 validation_failed naming the field', async () => {
    const owner = await h.createAccount();
    const cases: [Record<string, unknown>, string][] = [
      [{ strategyPrompts: ['only one'] }, 'strategyPrompts'],
      [{ strategyPrompts: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }, 'strategyPrompts'],
      [{ strategyPrompts: ['a', ''] }, 'strategyPrompts'],
      [{ opponents: [] }, 'opponents'],
      [{ opponents: ['mt_123'] }, 'opponents'],
      [{ deals: 0 }, 'deals'],
      [{ deals: 2.5 }, 'deals'],
      [{ labels: ['one'] }, 'labels'],
      [{ labels: ['same', 'same'] }, 'labels'],
      [{ timeoutMs: 100 }, 'timeoutMs'],
      [{ modelName: undefined }, 'modelName'],
    ];
    for (const [extra, field] of cases) {
      const error = expectError(await create(owner.key, body(extra)), 400, 'validation_failed');
      expect(JSON.stringify(error), JSON.stringify(extra)).toContain(field);
    }
  });

  it('refuses a model outside LLM_MODELS (400 model_not_allowed) and too many matches (400)', async () => {
    const owner = await h.createAccount();
    const model = expectError(
      await create(owner.key, body({ modelName: 'gpt-9' })),
      400,
      'model_not_allowed',
    );
    expect(model.details).toMatchObject({ model: 'gpt-9', allowed: [MODEL, 'other-model'] });
    // 3 prompts x 14 deals = 42 matches > MAX_EXPERIMENT_MATCHES (40).
    const big = expectError(
      await create(owner.key, body({ strategyPrompts: ['a', 'b', 'c'], deals: 14 })),
      400,
      'too_many_experiment_matches',
    );
    expect(big.message).toContain('42 matches');
    expect(big.message).toContain('MAX_EXPERIMENT_MATCHES');
    expect(big.details).toMatchObject({ matches: 42, limit: 40 });
  });

  it('refuses opponents that cannot play: unknown (404), paused (409)', async () => {
    const owner = await h.createAccount();
    expectError(await create(owner.key, body({ opponents: ['ag_doesnotexist000000000'] })), 404, 'not_found');
    const mine = await h.registerAgent(owner.key, {
      name: uniqueName('mine'),
      endpointUrl: 'http://127.0.0.1:9',
    });
    await h.api('POST', `/v1/agents/${mine.id}/pause`, { key: owner.key });
    const paused = expectError(await create(owner.key, body({ opponents: [mine.id] })), 409, 'conflict');
    expect(paused.message).toContain('paused');
    // A person's seat (made by opening a table) is never an experiment's opponent.
    const table = await h.api<{ ticket: { agentId: string } }>('POST', '/v1/tables', {
      key: owner.key,
      body: { opponents: [house] },
    });
    expect(table.status).toBe(201);
    const person = table.body.ticket.agentId;
    expectError(await create(owner.key, body({ opponents: [person] })), 409, 'human_not_allowed');
  });

  it('starts the experiment: hidden llm agents, the first deals as match groups with rotated seats', async () => {
    const owner = await h.createAccount();
    const other = await h.createAccount();
    // Another owner's agent may be an opponent (its matches play at the platform's deadline).
    const theirs = await h.registerAgent(other.key, {
      name: uniqueName('theirs'),
      endpointUrl: 'http://127.0.0.1:9',
    });
    const res = await create(
      owner.key,
      // The other names clients guess (model, prompts, matches) are accepted too.
      {
        name: 'bluffing',
        model: MODEL,
        prompts: ['Bluff rarely.', 'Bluff often.'],
        labels: ['careful', 'bold'],
        opponents: [house, theirs.id],
        matches: 10,
        seed: 'fixed-seed',
      },
    );
    expect(res.status, res.text).toBe(201);
    const e = res.body;
    expect(e).toMatchObject({
      name: 'bluffing',
      status: 'running',
      modelName: MODEL,
      deals: 10,
      seatsPerMatch: 3,
      seed: null,
      opponents: [{ id: house }, { id: theirs.id }],
    });
    expect(e.links.web).toMatch(new RegExp(`/experiments/${e.id}$`));
    expect(e.prompts.map((p) => [p.label, p.strategyPrompt])).toEqual([
      ['careful', 'Bluff rarely.'],
      ['bold', 'Bluff often.'],
    ]);
    expect(e.comparisons).toMatchObject([{ prompt: 1, baseline: 0, deals: 0 }]);
    // EXPERIMENT_CONCURRENCY = 4 matches at a time: 2 deals of 2 prompts.
    expect(e.progress).toMatchObject({
      dealsPlanned: 10,
      dealsStarted: 2,
      matchesActive: 4,
      matchesPlanned: 20,
    });
    expect(e.dealResults.map((d) => [d.deal, d.rotation])).toEqual([
      [0, 0],
      [1, 1],
    ]);

    for (const d of e.dealResults) {
      const matches = await Promise.all(
        d.matches.map((m) => h.api<Match>('GET', `/v1/matches/${m.matchId}`).then((r) => r.body)),
      );
      // One deal: the same seed (commitment) for every prompt, the same opponents in the same seats.
      expect(new Set(matches.map((m) => m.seedCommitment)).size).toBe(1);
      matches.forEach((m, prompt) => {
        expect(m.ranked).toBe(false);
        const lineup = [e.prompts[prompt]!.agentId, house, theirs.id];
        const seats = m.seats.map((s) => s.agent.id);
        // Rotated: seat (i + rotation) mod 3 holds lineup[i].
        lineup.forEach((id, i) => expect(seats[(i + d.rotation) % 3]).toBe(id));
      });
    }
    // Two deals differ.
    const first = await h.api<Match>('GET', `/v1/matches/${e.dealResults[0]!.matches[0]!.matchId}`);
    const second = await h.api<Match>('GET', `/v1/matches/${e.dealResults[1]!.matches[0]!.matchId}`);
    expect(first.body.seedCommitment).not.toBe(second.body.seedCommitment);
  });

  it('shows the prompts to the owner only, and lists experiments by owner', async () => {
    const owner = await h.createAccount();
    const other = await h.createAccount();
    const created = await create(owner.key, body({ deals: 1 }));
    expect(created.status, created.text).toBe(201);
    const id = created.body.id;
    const mine = await h.api<Experiment>('GET', `/v1/experiments/${id}`, { key: owner.key });
    expect(mine.body.prompts[1]?.strategyPrompt).toBe('Bluff often.');
    for (const key of [other.key, undefined]) {
      const theirs = await h.api<Experiment>('GET', `/v1/experiments/${id}`, key ? { key } : {});
      expect(theirs.status).toBe(200);
      expect(theirs.text).not.toContain('Bluff often.');
      expect(theirs.body.prompts[0]).not.toHaveProperty('strategyPrompt');
    }
    const list = await h.api<{ items: Experiment[] }>('GET', `/v1/experiments?owner=${owner.id}`);
    expect(list.status).toBe(200);
    expect(list.body.items.map((x) => x.id)).toEqual([id]);
    expect(list.body.items[0]).not.toHaveProperty('dealResults');
    const running = await h.api<{ items: Experiment[] }>(
      'GET',
      `/v1/experiments?owner=${owner.id}&status=finished`,
    );
    expect(running.body.items).toEqual([]);
    expectError(await h.api('GET', '/v1/experiments/ex_doesnotexist0000000'), 404, 'not_found');
    expectError(await h.api('GET', '/v1/experiments/ag_notanexperiment'), 400, 'validation_failed');
  });

  it("keeps the experiment's agents to the experiment: hidden from lists, never changed, queued or seated elsewhere", async () => {
    const owner = await h.createAccount();
    const e = (await create(owner.key, body({ deals: 1 }))).body;
    const agentId = e.prompts[0]!.agentId;
    const listed = await h.api<{ items: { id: string }[] }>('GET', `/v1/agents?owner=${owner.id}&limit=100`);
    expect(listed.body.items.map((a) => a.id)).not.toContain(agentId);
    // Its profile stays readable (its matches link to it).
    expect((await h.api('GET', `/v1/agents/${agentId}`)).status).toBe(200);
    for (const [method, path, b] of [
      ['PATCH', `/v1/agents/${agentId}`, { strategyPrompt: 'changed' }],
      ['POST', `/v1/agents/${agentId}/queue`, undefined],
      ['POST', `/v1/agents/${agentId}/pause`, undefined],
      ['DELETE', `/v1/agents/${agentId}`, undefined],
      ['POST', '/v1/matches', { agents: [agentId, house] }],
      ['POST', '/v1/experiments', body({ opponents: [agentId] })],
      ['POST', '/v1/tables', { opponents: [agentId] }],
    ] as const) {
      const res = await h.api(method, path, { key: owner.key, ...(b ? { body: b } : {}) });
      const error = expectError(res, 409, 'conflict');
      expect(error.message, `${method} ${path}`).toContain(`experiment ${e.id}`);
    }
  });

  it("leaves the experiment's matches out of its opponents' match lists (profiles), not out of its hidden agents'", async () => {
    const owner = await h.createAccount();
    const opponent = await h.registerAgent(owner.key, {
      name: uniqueName('sparring'),
      endpointUrl: 'http://127.0.0.1:9',
    });
    const e = (await create(owner.key, body({ deals: 2, opponents: [opponent.id] }))).body;
    const casual = await h.queueMatch(owner.key, [opponent.id, house]);
    const ids = async (agent: string) =>
      (
        await h.api<{ items: { id: string }[] }>('GET', `/v1/matches?agent=${agent}&limit=100`)
      ).body.items.map((m) => m.id);
    const experimentMatches = e.dealResults.flatMap((d) => d.matches.map((m) => m.matchId));
    expect(experimentMatches.length).toBeGreaterThan(0);
    expect(await ids(opponent.id)).toEqual([casual]);
    const hidden = e.prompts[0]!.agentId;
    const own = await ids(hidden);
    expect(own.length).toBeGreaterThan(0);
    for (const id of own) expect(experimentMatches).toContain(id);
  });

  it('counts a running experiment as one active match (MAX_ACTIVE_MATCHES_PER_ACCOUNT = 2)', async () => {
    const owner = await h.createAccount();
    expect((await create(owner.key, body({ deals: 5 }))).status).toBe(201);
    expect(
      (await h.api('POST', '/v1/matches', { key: owner.key, body: { agents: [house, house] } })).status,
    ).toBe(201);
    const over = expectError(await create(owner.key, body({ deals: 1 })), 429, 'too_many_active_matches');
    expect(over.details).toMatchObject({ active: 2, limit: 2 });
    expectError(
      await h.api('POST', '/v1/matches', { key: owner.key, body: { agents: [house, house] } }),
      429,
      'too_many_active_matches',
    );
  });

  it('hides the seed of a grouped match until its whole group has ended', async () => {
    const owner = await h.createAccount();
    const e = (await create(owner.key, body({ deals: 1 }))).body;
    const [a, b] = e.dealResults[0]!.matches.map((m) => m.matchId) as [string, string];
    await h.db.prisma.match.update({ where: { id: a }, data: { status: 'aborted', abortReason: 'test' } });
    expect((await h.api<Match>('GET', `/v1/matches/${a}`)).body.seed).toBeNull();
    await h.db.prisma.match.update({ where: { id: b }, data: { status: 'aborted', abortReason: 'test' } });
    expect((await h.api<Match>('GET', `/v1/matches/${a}`)).body.seed).toMatch(/:0$/);
  });
});
