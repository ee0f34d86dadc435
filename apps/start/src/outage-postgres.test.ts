import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrivatePostgres } from '@coup/devstack';
import type { PrivatePostgres } from '@coup/devstack';
import { slowAgent } from './testing/agents';
import type { TestAgent } from './testing/agents';
import { startHarness, uniqueName } from './testing/harness';
import type { Harness } from './testing/harness';
import { expectAlive, expectKnownEnds, expectRatingsExact, until, waitSettled } from './testing/outage';
import { startWorkerProcess } from './testing/worker-process';
import type { WorkerProcess } from './testing/worker-process';

// A Postgres outage during play: the platform runs on a Postgres of its own (the API in this process, a
// worker as its own process), 50 ranked matches are queued, and Postgres is stopped for 30 s. Nobody
// restarts anything: once Postgres is back every match ends finished (or aborted with a reason), each
// stored once, the ratings recompute identically, and /readyz is 200 again.

const MATCHES = 50;
const OUTAGE_MS = 30_000;
const PERIOD_MS = 3000;

let pg: PrivatePostgres;
let h: Harness;
let worker: WorkerProcess;
const agents: TestAgent[] = [];
const seats: string[] = [];
let key: string;

beforeAll(async () => {
  pg = await startPrivatePostgres();
  h = await startHarness({
    worker: false,
    databaseServerUrl: pg.url,
    // The test's agents share one owner; ranked matches of one owner are the operator's choice here.
    env: { RATING_PERIOD_MS: String(PERIOD_MS), MAX_SEATS_PER_OWNER: '6' },
  });
  key = (await h.createAccount()).key;
  for (const kind of ['random', 'honest'] as const) {
    const reg = await h.registerAgent(key, { name: uniqueName(kind), endpointUrl: 'http://127.0.0.1:9' });
    const agent = await slowAgent({ kind, delayMs: 15, secret: reg.secret, name: kind });
    agents.push(agent);
    await h.api('PATCH', `/v1/agents/${reg.id}`, { key, body: { endpointUrl: agent.url } });
    seats.push(reg.id);
  }
  worker = await startWorkerProcess(
    h.workerEnv({
      LOG_LEVEL: 'warn',
      WORKER_CONCURRENCY: '4',
      WORKER_LOCK_MS: '3000',
      SWEEP_INTERVAL_MS: '1000',
      SWEEP_GRACE_MS: '3000',
      RATING_PERIOD_MS: String(PERIOD_MS),
    }),
  );
}, 120_000);

afterAll(async () => {
  worker?.kill('SIGKILL');
  await Promise.all(agents.map((a) => a.close()));
  await pg?.start().catch(() => undefined);
  await h?.stop();
  await pg?.destroy();
}, 60_000);

describe('Postgres stopped for 30 s while 50 matches are queued', () => {
  it('every match ends in a known state, stored once, ratings exact, readiness back', async () => {
    const ids: string[] = [];
    for (let i = 0; i < MATCHES; i++) {
      ids.push(await h.queueMatch(h.adminKey, seats, { ranked: true, timeoutMs: 2000 }));
    }
    const settledBefore = await h.db.prisma.match.count({
      where: { id: { in: ids }, status: { in: ['finished', 'aborted'] } },
    });
    expect(settledBefore).toBeLessThan(MATCHES / 2);

    await pg.stop();
    const stoppedAt = Date.now();
    // While it is down: readiness says so, and a read gets a clear 503, not a 500.
    const ready = await h.api('GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ checks: { postgres: false, redis: true } });
    const read = await h.api('GET', '/v1/leaderboard');
    expect(read.status, read.text).toBe(503);
    expect(read.body).toMatchObject({ error: { code: 'unavailable' } });
    await new Promise((r) => setTimeout(r, OUTAGE_MS - (Date.now() - stoppedAt)));
    await pg.start();

    await until(async () => (await h.api('GET', '/readyz')).status === 200, '/readyz back to 200');
    await waitSettled(h, ids, 180_000);
    const finished = await expectKnownEnds(h, ids);
    // A Postgres outage is something the platform waits out: nothing had to be given up.
    expect(finished, worker.output()).toBe(MATCHES);
    await expectRatingsExact(h, ids);
    expectAlive(worker);
  }, 400_000);
});
