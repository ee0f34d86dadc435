import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceExperiment } from '@coup/competition';
import { errorShapeProblem, startHarness } from './testing/harness';
import type { ApiResponse, Harness } from './testing/harness';

// DELETE /v1/experiments/:id (issue 17) on the API alone (no worker: the first deals stay queued): who may
// cancel, what it does to the experiment and its matches, and what it refuses. The worker's side (a running
// match stops at once and is never stored) is in apps/start/src/experiment-cancel.test.ts.

const MODEL = 'stand-in-7b';

interface Experiment {
  id: string;
  status: string;
  seed: string | null;
  finishedAt: string | null;
  progress: Record<string, number>;
  dealResults: { deal: number; matches: { matchId: string; status: string }[] }[];
}

let h: Harness;
let house: string;

beforeAll(async () => {
  h = await startHarness({
    env: {
      LLM_BASE_URL: 'http://127.0.0.1:9/v1',
      LLM_MODELS: MODEL,
      EXPERIMENT_CONCURRENCY: '4',
      MAX_ACTIVE_MATCHES_PER_ACCOUNT: '2',
    },
  });
  house = await h.houseAgent('random');
}, 60_000);

afterAll(async () => {
  await h?.stop();
});

async function start(key: string, deals = 10): Promise<Experiment> {
  const res = await h.api<Experiment>('POST', '/v1/experiments', {
    key,
    body: { modelName: MODEL, strategyPrompts: ['Bluff rarely.', 'Bluff often.'], opponents: [house], deals },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

const cancel = (id: string, key?: string) =>
  h.api<Experiment>('DELETE', `/v1/experiments/${id}`, key ? { key } : {});

function expectError(res: ApiResponse<unknown>, status: number, code: string): void {
  expect(res.status, res.text).toBe(status);
  expect(errorShapeProblem(res.body)).toBeNull();
  expect((res.body as { error: { code: string } }).error.code).toBe(code);
}

describe('DELETE /v1/experiments/:id', () => {
  it('is for its owner (or the operator): 401 without a key, 403 for another account, 404 unknown', async () => {
    const owner = await h.createAccount();
    const other = await h.createAccount();
    const e = await start(owner.key);
    expectError(await cancel(e.id), 401, 'unauthorized');
    expectError(await cancel(e.id, other.key), 403, 'forbidden');
    expectError(await cancel('ex_doesnotexist0000000', owner.key), 404, 'not_found');
    expectError(await cancel('ag_notanexperiment', owner.key), 400, 'validation_failed');
    // Nothing changed for the refused calls.
    expect((await h.api<Experiment>('GET', `/v1/experiments/${e.id}`)).body.status).toBe('running');
    // The operator may.
    const res = await cancel(e.id, h.adminKey);
    expect(res.status, res.text).toBe(200);
    expect(res.body.status).toBe('cancelled');
  });

  it('cancels: no more deals, its queued matches aborted with the reason `cancelled`, their jobs gone', async () => {
    const owner = await h.createAccount();
    const e = await start(owner.key);
    const started = e.dealResults.flatMap((d) => d.matches.map((m) => m.matchId));
    expect(started).toHaveLength(4);
    for (const id of started) expect(await h.platform.runtime.matchQueue.getJob(id)).toBeDefined();

    const res = await cancel(e.id, owner.key);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: e.id, status: 'cancelled' });
    expect(res.body.finishedAt).not.toBeNull();
    // Every deal that will ever be played has ended: the seed is revealed.
    expect(res.body.seed).not.toBeNull();
    expect(res.body.progress).toMatchObject({ dealsStarted: 2, matchesActive: 0, matchesAborted: 4 });
    const rows = await h.db.prisma.match.findMany({ where: { id: { in: started } } });
    expect(rows.map((m) => [m.status, m.abortReason])).toEqual(started.map(() => ['aborted', 'cancelled']));
    for (const id of started) expect(await h.platform.runtime.matchQueue.getJob(id)).toBeUndefined();

    // Nothing queues a deal of it again (the workers' step after a match ends, the ladder's pass).
    const queued: string[] = [];
    const step = await advanceExperiment(h.db.prisma, e.id, {
      concurrency: 4,
      enqueue: async (id) => void queued.push(id),
    });
    expect(step.queued).toEqual([]);
    expect(queued).toEqual([]);
    expect(await h.db.prisma.matchGroup.count({ where: { experimentId: e.id } })).toBe(2);

    const read = await h.api<Experiment>('GET', `/v1/experiments/${e.id}`);
    expect(read.body.status).toBe('cancelled');
    const list = await h.api<{ items: Experiment[] }>(
      'GET',
      `/v1/experiments?owner=${owner.id}&status=cancelled`,
    );
    expect(list.body.items.map((x) => x.id)).toEqual([e.id]);
  });

  it('is idempotent on a cancelled experiment, and frees its place among the active matches', async () => {
    const owner = await h.createAccount();
    const a = await start(owner.key);
    await start(owner.key);
    // MAX_ACTIVE_MATCHES_PER_ACCOUNT = 2: two running experiments fill it.
    const full = await h.api('POST', '/v1/matches', { key: owner.key, body: { agents: [house, house] } });
    expectError(full, 429, 'too_many_active_matches');
    const first = await cancel(a.id, owner.key);
    expect(first.status).toBe(200);
    const again = await cancel(a.id, owner.key);
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ status: 'cancelled', finishedAt: first.body.finishedAt });
    const room = await h.api('POST', '/v1/matches', { key: owner.key, body: { agents: [house, house] } });
    expect(room.status, room.text).toBe(201);
  });

  it('refuses a finished experiment: 409 experiment_finished, and changes nothing', async () => {
    const owner = await h.createAccount();
    const e = await start(owner.key, 1);
    const ids = e.dealResults.flatMap((d) => d.matches.map((m) => m.matchId));
    await h.db.prisma.match.updateMany({
      where: { id: { in: ids } },
      data: { status: 'aborted', abortReason: 'test' },
    });
    await h.db.prisma.experiment.update({
      where: { id: e.id },
      data: { status: 'finished', finishedAt: new Date() },
    });
    const res = await cancel(e.id, owner.key);
    expectError(res, 409, 'experiment_finished');
    expect((res.body as unknown as { error: { message: string } }).error.message).toContain('finished');
    const rows = await h.db.prisma.match.findMany({ where: { id: { in: ids } } });
    expect(rows.every((m) => m.abortReason === 'test')).toBe(true);
    expect((await h.api<Experiment>('GET', `/v1/experiments/${e.id}`)).body.status).toBe('finished');
  });
});
