import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStandInLlm } from '@coup/llm/testing';
import type { StandInServer } from '@coup/llm/testing';
import type { Experiment } from '@coup/api-contract/types';
import { startHarness } from './testing/harness';
import type { Account, Harness } from './testing/harness';

// Cancelling a prompt experiment through the whole platform (issue 17): its owner's DELETE stops a match
// the worker is playing at once (its model call still pending), so nothing more is called or paid for and
// the slot is free; the match stays aborted with the reason `cancelled`, no deal is queued after it, and
// the deals that completed keep their results.

const MODEL = 'stand-in-7b';
/** How long a model call takes once the test slows the model down: far longer than the test waits. */
const SLOW_MS = 90_000;

let stand: StandInServer;
let slow = false;
let h: Harness;
let owner: Account;

beforeAll(async () => {
  stand = await startStandInLlm({ models: [MODEL], behave: () => (slow ? { slowMs: SLOW_MS } : 'play') });
  h = await startHarness({
    env: {
      LLM_BASE_URL: stand.baseUrl,
      LLM_MODELS: JSON.stringify([{ name: MODEL, maxConcurrency: 8 }]),
      // The slow call outlasts the test: only the cancellation can end its match.
      LLM_TIMEOUT_MS: String(SLOW_MS + 30_000),
      // One deal (two matches) at a time.
      EXPERIMENT_CONCURRENCY: '2',
    },
  });
  owner = await h.createAccount();
}, 60_000);

afterAll(async () => {
  await h?.stop();
  await stand?.close();
});

const read = async (id: string) =>
  (await h.api<Experiment>('GET', `/v1/experiments/${id}`, { key: owner.key })).body;

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('cancelling an experiment', () => {
  it('stops its running match in the worker, aborts it as `cancelled` and keeps the completed deals', async () => {
    const created = await h.api<Experiment>('POST', '/v1/experiments', {
      key: owner.key,
      body: {
        modelName: MODEL,
        strategyPrompts: ['Play the hand you are dealt.', 'Bluff a lot.'],
        opponents: [await h.houseAgent('random')],
        deals: 30,
      },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id;
    await until('a complete deal', async () =>
      (await read(id)).progress.dealsComplete >= 1 ? true : undefined,
    );

    // From now on the model answers after SLOW_MS: wait until one of its calls is pending in a match.
    slow = true;
    const callsBefore = stand.calls.length;
    await until('a pending model call', async () => (stand.calls.length > callsBefore ? true : undefined));
    const running = await h.db.prisma.match.findMany({
      where: { group: { experimentId: id }, status: 'running' },
      select: { id: true },
    });
    expect(running.length).toBeGreaterThan(0);

    const res = await h.api<Experiment>('DELETE', `/v1/experiments/${id}`, { key: owner.key });
    expect(res.status, res.text).toBe(200);
    expect(res.body.status).toBe('cancelled');
    const cancelledAt = Date.now();

    // The worker stops the runs long before the pending model call could answer: their jobs end as aborted.
    const queue = h.platform.runtime.matchQueue;
    for (const m of running) {
      await until(
        `the run of ${m.id} to stop`,
        async () => {
          const job = await queue.getJob(m.id);
          return job && (await job.getState()) === 'completed' ? job : undefined;
        },
        20_000,
      );
      expect((await queue.getJob(m.id))?.returnvalue).toMatchObject({ outcome: 'aborted' });
    }
    expect(Date.now() - cancelledAt).toBeLessThan(SLOW_MS / 3);
    const callsAtStop = stand.calls.length;

    // A few seconds on: no model call since, nothing stored, no deal queued after the cancellation.
    await new Promise((r) => setTimeout(r, 3000));
    expect(stand.calls.length).toBe(callsAtStop);
    const matches = await h.db.prisma.match.findMany({ where: { group: { experimentId: id } } });
    const ended = matches.filter((m) => m.status !== 'finished');
    expect(ended.length).toBeGreaterThan(0);
    for (const m of ended) expect([m.status, m.abortReason]).toEqual(['aborted', 'cancelled']);
    for (const m of running) expect(matches.find((x) => x.id === m.id)?.status).toBe('aborted');

    const e = await read(id);
    expect(e.status).toBe('cancelled');
    expect(e.progress.matchesActive).toBe(0);
    expect(e.progress.dealsStarted).toBe(e.dealResults.length);
    expect(e.progress.dealsStarted).toBeLessThan(30);
    // The deals that completed still count: results per prompt and the comparison.
    expect(e.progress.dealsComplete).toBeGreaterThanOrEqual(1);
    for (const p of e.prompts) expect(p.deals).toBe(e.progress.dealsComplete);
    expect(e.comparisons[0]?.deals).toBe(e.progress.dealsComplete);
    const done = e.dealResults.find((d) => d.complete);
    expect(done?.matches.every((m) => m.status === 'finished' && m.place !== null)).toBe(true);
  }, 180_000);
});
