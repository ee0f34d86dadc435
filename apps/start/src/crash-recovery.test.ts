import { getPriority } from 'node:os';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBot } from '@coup/bots';
import { unpackReplay } from '@coup/db';
import { compactReplayCodec, Replay } from '@coup/protocol';
import { verifyReplay } from '@coup/runner';
import { createAgent } from '@coup/sdk';
import type { TestAgent } from './testing/agents';
import { servedAgent } from './testing/served-agent';
import { startHarness, uniqueName } from './testing/harness';
import type { Account, Harness, MatchView } from './testing/harness';
import { startWorkerProcess } from './testing/worker-process';
import type { WorkerProcess } from './testing/worker-process';

// Workers as separate processes sharing one Redis and one Postgres with the API: a worker killed with
// SIGKILL (or frozen) in the middle of matches leaves them to another worker, which runs them again from
// the start, and every match ends with exactly one stored result.

const LOCK_MS = 2000;

let h: Harness;
let owner: Account;
const agents: TestAgent[] = [];
const workers: WorkerProcess[] = [];
const seats: string[] = [];

beforeAll(async () => {
  h = await startHarness({ worker: false });
  owner = await h.createAccount();
  // Slow agents: each decision takes ~40 ms, so a match lasts a second or more.
  for (const kind of ['random', 'honest'] as const) {
    const served = await servedAgent(h, owner.key, { kind, delayMs: 40, name: `slow-${kind}` });
    agents.push(served.agent);
    seats.push(served.id);
  }
});

afterAll(async () => {
  for (const w of workers) w.kill('SIGKILL');
  await Promise.all(agents.map((a) => a.close()));
  await h?.stop();
});

const workerEnv = () => h.workerEnv({ WORKER_LOCK_MS: String(LOCK_MS), WORKER_CONCURRENCY: '4' });
/**
 * One account's matches a worker plays at once (WORKER_SLOTS_PER_ACCOUNT: half of the 4 slots): the others
 * wait their turn in the queue, and are part of what a killed worker leaves behind.
 */
const SHARE = 2;

async function until(cond: () => Promise<boolean> | boolean, timeoutMs = 20_000, what = 'condition') {
  const end = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const decisions = () => agents.reduce((n, a) => n + a.requests.length, 0);

/** Exactly one result: finished, one replay row that re-runs, places and faults as in that replay. */
async function expectOneResult(m: MatchView) {
  expect(m.status, m.abortReason ?? '').toBe('finished');
  const rows = await h.db.prisma.replay.findMany({ where: { matchId: m.id } });
  expect(rows).toHaveLength(1);
  // Stored packed (replays.packed): the runner's JSON text, compressed.
  const text = unpackReplay(rows[0]?.packed ?? new Uint8Array(), compactReplayCodec);
  const replay = Replay.parse(JSON.parse(text));
  expect(verifyReplay(replay), m.id).toEqual({ ok: true });
  expect(replay.ranking).toEqual(m.ranking);
  for (const r of replay.results) {
    const seat = m.seats[r.seat];
    expect(seat?.place).toBe(r.place);
    expect(seat?.faults).toBe(r.faults);
  }
  const res = await h.api('GET', `/v1/matches/${m.id}/replay`);
  expect(res.text).toBe(text);
}

describe('crash recovery', () => {
  it('a worker killed with SIGKILL mid-match: another runs its matches again, each stored once', async () => {
    const w1 = await startWorkerProcess(workerEnv());
    workers.push(w1);
    expect(getPriority(w1.pid)).toBe(0);
    const ids = await Promise.all(
      [0, 1, 2, 3].map(() => h.queueMatch(owner.key, seats, { timeoutMs: 2000 })),
    );
    const running = () => h.db.prisma.match.count({ where: { id: { in: ids }, status: 'running' } });
    await until(async () => (await running()) === SHARE, 20_000, "the account's share of matches running");
    const start = decisions();
    await until(() => decisions() >= start + 8, 10_000, 'matches under way');

    const atKill = await h.db.prisma.match.findMany({
      where: { id: { in: ids } },
      select: { id: true, status: true },
    });
    const exited = new Promise((r) => w1.child.once('exit', r));
    w1.kill('SIGKILL');
    await exited;
    const interrupted = atKill.filter((m) => m.status === 'running').map((m) => m.id);
    expect(interrupted.length).toBeGreaterThan(0);

    // The second one runs at a lower CPU priority (WORKER_NICE), as a worker beside an API does.
    const w2 = await startWorkerProcess({ ...workerEnv(), WORKER_NICE: '7' });
    workers.push(w2);
    expect(getPriority(w2.pid)).toBe(7);
    const results = await Promise.all(ids.map((id) => h.waitForMatch(id, 60_000)));
    for (const m of results) {
      await expectOneResult(m);
      // (A worker starved of CPU may also lose a lock now and then: a re-run, never a second result.)
      expect(m.attempts).toBeGreaterThanOrEqual(interrupted.includes(m.id) ? 2 : 1);
    }
  });

  it('a frozen worker that wakes up after another took over its match stores nothing more', async () => {
    // The worker left by the previous test (if it ran) runs the match, then freezes.
    const alive = workers.find((w) => w.child.exitCode === null && w.child.signalCode === null);
    const w1 = alive ?? (await startWorkerProcess(workerEnv()));
    if (!alive) workers.push(w1);
    const id = await h.queueMatch(owner.key, seats, { timeoutMs: 2000 });
    await until(
      async () => (await h.db.prisma.match.findUnique({ where: { id } }))?.status === 'running',
      20_000,
      'match running',
    );
    const start = decisions();
    await until(() => decisions() >= start + 4, 10_000, 'match under way');
    w1.kill('SIGSTOP');

    // Its lock expires; another worker takes the match over and runs it from the start.
    // The second one runs at a lower CPU priority (WORKER_NICE), as a worker beside an API does.
    const w2 = await startWorkerProcess({ ...workerEnv(), WORKER_NICE: '7' });
    workers.push(w2);
    expect(getPriority(w2.pid)).toBe(7);
    await until(
      async () => ((await h.db.prisma.match.findUnique({ where: { id } }))?.attempts ?? 0) >= 2,
      20_000,
      'second attempt',
    );
    w1.kill('SIGCONT');
    const m = await h.waitForMatch(id, 60_000);
    await expectOneResult(m);
    expect(m.attempts).toBeGreaterThanOrEqual(2);
    // The result is the second attempt's: the frozen worker gave its run up when it found its lock gone,
    // so the deadlines it slept through are not charged to the agents as timeouts.
    const replay = Replay.parse((await h.api('GET', `/v1/matches/${id}/replay`)).body);
    expect(replay.startedAt).toBeGreaterThanOrEqual(Date.parse(m.startedAt as string) - 5);
    expect(m.seats.map((s) => s.faults)).toEqual([0, 0]);
    // Both workers are done with it: no third attempt, no second result.
    await new Promise((r) => setTimeout(r, LOCK_MS));
    await expectOneResult(await h.waitForMatch(id));
  });

  it('a table (its own queue and slots) whose worker is killed is played again by another, stored once', async () => {
    for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.kill('SIGKILL');
    // The person never comes: each of their decisions waits HUMAN_TIMEOUT_MS, then faults.
    const tableEnv = () => ({ ...workerEnv(), HUMAN_TIMEOUT_MS: '1500' });
    const w1 = await startWorkerProcess(tableEnv());
    workers.push(w1);
    const house = await h.houseAgent('random');
    const res = await h.api<{ match: { id: string } }>('POST', '/v1/tables', {
      key: owner.key,
      body: { opponents: [house] },
    });
    expect(res.status, res.text).toBe(201);
    const id = res.body.match.id;
    // In the tables queue only.
    expect(await h.platform.runtime.tableQueue.getJob(id)).toBeDefined();
    expect(await h.platform.runtime.matchQueue.getJob(id)).toBeUndefined();
    await until(
      async () => (await h.db.prisma.match.findUnique({ where: { id } }))?.status === 'running',
      20_000,
      'table running',
    );
    await new Promise((r) => setTimeout(r, 500));
    const exited = once(w1.child, 'exit');
    w1.kill('SIGKILL');
    await exited;
    expect((await h.db.prisma.match.findUnique({ where: { id } }))?.status).toBe('running');

    const w2 = await startWorkerProcess(tableEnv());
    workers.push(w2);
    const m = await h.waitForMatch(id, 60_000);
    await expectOneResult(m);
    expect(m.attempts).toBeGreaterThanOrEqual(2);
  });

  it('SIGTERM: a worker finishes its running match before it exits; SIGINT (Ctrl-C): at once', async () => {
    for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) await w.stop();
    const matchUnderWay = async () => {
      const id = await h.queueMatch(owner.key, seats, { timeoutMs: 2000 });
      const status = async () => (await h.db.prisma.match.findUnique({ where: { id } }))?.status;
      await until(async () => (await status()) === 'running', 20_000, 'match running');
      const start = decisions();
      await until(() => decisions() >= start + 2, 10_000, 'match under way');
      return { id, status };
    };

    const w1 = await startWorkerProcess(workerEnv());
    workers.push(w1);
    const a = await matchUnderWay();
    const exited1 = once(w1.child, 'exit');
    w1.kill('SIGTERM');
    await exited1;
    expect(await a.status()).toBe('finished');
    await expectOneResult(await h.waitForMatch(a.id));

    // Slower answers, so the match is surely still running when the worker is gone.
    for (const agent of agents) agent.setDelay(300);
    const w2 = await startWorkerProcess(workerEnv());
    workers.push(w2);
    const b = await matchUnderWay();
    const exited2 = once(w2.child, 'exit');
    const t0 = Date.now();
    w2.kill('SIGINT');
    await exited2;
    expect(Date.now() - t0).toBeLessThan(5000);
    // Cancelled, not played out against agents it could no longer reach: nothing stored, the job queued again.
    expect(await b.status()).toBe('running');
    const job = await h.platform.runtime.matchQueue.getJob(b.id);
    // (Held back a second, so the stopping worker cannot take it again on its way out.)
    expect(['delayed', 'waiting', 'prioritized']).toContain(await job?.getState());
    for (const agent of agents) agent.setDelay(40);
    // The next worker plays it again from the start, without waiting for a lock to expire.
    workers.push(await startWorkerProcess(workerEnv()));
    const m = await h.waitForMatch(b.id, 60_000);
    await expectOneResult(m);
    expect(m.seats.map((s) => s.faults)).toEqual([0, 0]);
    expect(m.attempts).toBeGreaterThanOrEqual(2);
  });

  it('a worker process reaches a WebSocket agent connected to the API through Redis', async () => {
    const alive = workers.find((w) => w.child.exitCode === null && w.child.signalCode === null);
    if (!alive) workers.push(await startWorkerProcess(workerEnv()));
    const ws = await h.registerAgent(owner.key, { name: uniqueName('ws'), transport: 'ws' });
    const bot = createBot('honest');
    const conn = createAgent({ decide: (r) => bot.decide(r) }).connect(
      `${h.wsUrl}/v1/agents/connect`,
      ws.secret,
    );
    try {
      await once(conn, 'welcome');
      const id = await h.queueMatch(owner.key, [ws.id, seats[0] as string], { timeoutMs: 2000 });
      const m = await h.waitForMatch(id, 60_000);
      await expectOneResult(m);
      expect(m.seats.map((s) => s.faults)).toEqual([0, 0]);
    } finally {
      await conn.close();
    }
  });
});
