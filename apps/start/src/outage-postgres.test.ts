import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrivatePostgres } from '@coup/devstack';
import type { PrivatePostgres } from '@coup/devstack';
import { startOutagePlatform } from './testing/outage-platform';
import type { OutagePlatform } from './testing/outage-platform';
import type { Harness } from './testing/harness';
import { expectAlive, expectKnownEnds, expectRatingsExact, until, waitSettled } from './testing/outage';
import type { WorkerProcess } from './testing/worker-process';

// A Postgres outage during play: the platform runs on a Postgres of its own (the API in this process, a
// worker as its own process), 50 ranked matches are queued, and Postgres is stopped for 30 s. Nobody
// restarts anything: once Postgres is back every match ends finished (or aborted with a reason), each
// stored once, the ratings recompute identically, and /readyz is 200 again.

const MATCHES = 50;
const OUTAGE_MS = 30_000;
const PERIOD_MS = 3000;

let pg: PrivatePostgres;
let platform: OutagePlatform;
let h: Harness;
let worker: WorkerProcess;
let seats: string[];

beforeAll(async () => {
  pg = await startPrivatePostgres();
  platform = await startOutagePlatform({
    databaseServerUrl: pg.url,
    agentDelayMs: 15,
    periodMs: PERIOD_MS,
    lockMs: 3000,
  });
  ({ h, worker, seats } = platform);
}, 120_000);

afterAll(async () => {
  await pg?.start().catch(() => undefined);
  await platform?.stop();
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
