import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrivateRedis } from '@coup/devstack';
import type { PrivateRedis } from '@coup/devstack';
import { QUEUE } from '@coup/platform';
import { slowAgent } from './testing/agents';
import type { TestAgent } from './testing/agents';
import { startHarness, uniqueName } from './testing/harness';
import type { Harness } from './testing/harness';
import { expectAlive, expectKnownEnds, expectRatingsExact, until, waitSettled } from './testing/outage';
import { startWorkerProcess } from './testing/worker-process';
import type { WorkerProcess } from './testing/worker-process';

// A Redis restart that loses everything, during play: the platform runs on a Redis of its own (the API in
// this process, a worker as its own process); while matches run, redis-server is killed (SIGKILL) and
// started again empty on the same port. Queued jobs, running jobs' locks and the ladder's job schedulers
// are gone. Nobody restarts anything: read-only routes keep answering during the outage, then the
// schedulers come back, the sweeper re-queues what was lost, and every match ends finished (or aborted
// with a reason), each stored once, with ratings that recompute identically.

const MATCHES = 16;
const PERIOD_MS = 3000;
const LOCK_MS = 3000;

let redis: PrivateRedis;
let h: Harness;
let worker: WorkerProcess;
const agents: TestAgent[] = [];
const seats: string[] = [];
let key: string;

beforeAll(async () => {
  redis = await startPrivateRedis();
  h = await startHarness({
    worker: false,
    redisUrl: redis.url,
    // The test's agents share one owner; ranked matches of one owner are the operator's choice here.
    env: { RATING_PERIOD_MS: String(PERIOD_MS), MAX_SEATS_PER_OWNER: '6' },
  });
  key = (await h.createAccount()).key;
  for (const kind of ['random', 'honest'] as const) {
    const reg = await h.registerAgent(key, { name: uniqueName(kind), endpointUrl: 'http://127.0.0.1:9' });
    const agent = await slowAgent({ kind, delayMs: 250, secret: reg.secret, name: kind });
    agents.push(agent);
    await h.api('PATCH', `/v1/agents/${reg.id}`, { key, body: { endpointUrl: agent.url } });
    seats.push(reg.id);
  }
  worker = await startWorkerProcess(
    h.workerEnv({
      LOG_LEVEL: 'warn',
      WORKER_CONCURRENCY: '4',
      WORKER_LOCK_MS: String(LOCK_MS),
      SWEEP_INTERVAL_MS: '1000',
      SWEEP_GRACE_MS: '3000',
      RATING_PERIOD_MS: String(PERIOD_MS),
    }),
  );
}, 120_000);

afterAll(async () => {
  worker?.kill('SIGKILL');
  await Promise.all(agents.map((a) => a.close()));
  await redis?.start().catch(() => undefined);
  await h?.stop();
  await redis?.destroy();
}, 60_000);

const running = (ids: string[]) =>
  h.db.prisma.match.findMany({ where: { id: { in: ids }, status: 'running' }, select: { id: true } });

describe('Redis killed and restarted empty while matches run', () => {
  it('every match ends in a known state, stored once, schedulers and ratings back, readiness back', async () => {
    const ids: string[] = [];
    for (let i = 0; i < MATCHES; i++) {
      ids.push(await h.queueMatch(h.adminKey, seats, { ranked: true, timeoutMs: 2000 }));
    }
    await until(async () => (await running(ids)).length >= 2, 'matches running', 30_000);
    const decisions = () => agents.reduce((n, a) => n + a.requests.length, 0);
    const before = decisions();
    await until(() => decisions() >= before + 4, 'matches under way', 30_000);
    const interrupted = (await running(ids)).map((m) => m.id);

    await redis.kill();
    // While Redis is down: readiness says so; reading the platform still works.
    await until(async () => (await h.api('GET', '/readyz')).status === 503, '/readyz reports the outage');
    expect((await h.api('GET', '/readyz')).body).toMatchObject({ checks: { postgres: true, redis: false } });
    for (const path of ['/v1/leaderboard', '/v1/matches', `/v1/matches/${ids[0]}`]) {
      const res = await h.api('GET', path);
      expect(res.status, `${path}: ${res.text.slice(0, 200)}`).toBe(200);
    }
    await redis.start();

    await until(async () => (await h.api('GET', '/readyz')).status === 200, '/readyz back to 200');
    await waitSettled(h, ids, 180_000);
    const finished = await expectKnownEnds(h, ids);
    expect(finished, worker.output()).toBe(MATCHES);
    // The matches cut off by the restart were played again from the start, as a new attempt.
    const replayed = await h.db.prisma.match.findMany({ where: { id: { in: interrupted } } });
    expect(
      replayed.some((m) => m.attempts >= 2),
      JSON.stringify(replayed.map((m) => [m.id, m.attempts, m.startedAt, m.finishedAt])) + worker.output(),
    ).toBe(true);

    // The ladder's schedulers (matchmaking, rating periods, the sweeper) exist again...
    const ladder = new Queue(QUEUE.ladder, { connection: { url: redis.url }, prefix: h.prefix });
    try {
      await until(async () => {
        const ids = (await ladder.getJobSchedulers()).map((s) => s.key);
        return ['matchmake', 'close-periods', 'sweep'].every((id) => ids.includes(id));
      }, 'ladder schedulers re-created');
    } finally {
      await ladder.close();
    }
    // ...and rating periods close again: every match, most finished after the restart, gets rated.
    await expectRatingsExact(h, ids);
    expectAlive(worker);
  }, 400_000);
});
