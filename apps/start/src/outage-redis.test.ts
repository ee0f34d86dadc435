import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrivateRedis } from '@coup/devstack';
import type { PrivateRedis } from '@coup/devstack';
import { QUEUE } from '@coup/gateway';
import type { TestAgent } from './testing/agents';
import { startOutagePlatform } from './testing/outage-platform';
import type { OutagePlatform } from './testing/outage-platform';
import type { Harness } from './testing/harness';
import { expectAlive, expectKnownEnds, expectRatingsExact, until, waitSettled } from './testing/outage';
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
const AGENT_DELAY_MS = 250;

let redis: PrivateRedis;
let platform: OutagePlatform;
let h: Harness;
let worker: WorkerProcess;
let agents: TestAgent[];
let seats: string[];

beforeAll(async () => {
  redis = await startPrivateRedis();
  platform = await startOutagePlatform({
    redisUrl: redis.url,
    agentDelayMs: AGENT_DELAY_MS,
    periodMs: PERIOD_MS,
    lockMs: LOCK_MS,
  });
  ({ h, worker, agents, seats } = platform);
}, 120_000);

afterAll(async () => {
  await redis?.start().catch(() => undefined);
  await platform?.stop();
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

    // The agents think longer while Redis is away (still within the 2 s deadline), so the matches under way
    // are still running when it comes back, however long the outage lasts on a loaded machine.
    for (const a of agents) a.setDelay(1000);
    await redis.kill();
    // While Redis is down: readiness says so; reading the platform still works.
    await until(async () => (await h.api('GET', '/readyz')).status === 503, '/readyz reports the outage');
    expect((await h.api('GET', '/readyz')).body).toMatchObject({ checks: { postgres: true, redis: false } });
    for (const path of ['/v1/leaderboard', '/v1/matches', `/v1/matches/${ids[0]}`]) {
      const res = await h.api('GET', path);
      expect(res.status, `${path}: ${res.text.slice(0, 200)}`).toBe(200);
    }
    // The matches the empty restart cuts off: those still running when it comes back (a match that ends
    // while Redis is down is stored once, at attempt 1: the store needs Postgres only).
    const interrupted = (await running(ids)).map((m) => m.id);
    await redis.start();
    for (const a of agents) a.setDelay(AGENT_DELAY_MS);

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
