import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unpackReplay } from '@coup/db';
import { compactReplayCodec, Replay } from '@coup/protocol';
import { verifyReplay } from '@coup/runner';
import type { TestAgent } from './testing/agents';
import { servedAgent } from './testing/served-agent';
import { startHarness } from './testing/harness';
import type { Account, Harness } from './testing/harness';
import { startWorkerProcess } from './testing/worker-process';
import type { WorkerProcess } from './testing/worker-process';

// Scaling out: two worker processes take matches from the same queue at the same time (as on two
// machines), and every match is stored exactly once, by one attempt, with one replay that re-runs.

let h: Harness;
let owner: Account;
const agents: TestAgent[] = [];
const workers: WorkerProcess[] = [];
const seats: string[] = [];

beforeAll(async () => {
  h = await startHarness({ worker: false });
  owner = await h.createAccount();
  // Agents that take ~15 ms a decision: a match lasts long enough for both workers to hold some at once.
  for (const kind of ['random', 'honest'] as const) {
    const served = await servedAgent(h, owner.key, { kind, delayMs: 15, name: `two-${kind}` });
    agents.push(served.agent);
    seats.push(served.id);
  }
});

afterAll(async () => {
  for (const w of workers) w.kill('SIGKILL');
  await Promise.all(agents.map((a) => a.close()));
  await h?.stop();
});

describe('two worker processes on one queue', () => {
  it('share the matches and store each exactly once', { timeout: 180_000 }, async () => {
    // Two slots each, all of them open to this one account: at most 2 matches at once in either process.
    const env = h.workerEnv({ WORKER_CONCURRENCY: '2', WORKER_SLOTS_PER_ACCOUNT: '2' });
    workers.push(...(await Promise.all([startWorkerProcess(env), startWorkerProcess(env)])));
    const ids: string[] = [];
    for (let k = 0; k < 8; k++) ids.push(await h.queueMatch(owner.key, seats, { timeoutMs: 3000 }));
    // (8: within MAX_ACTIVE_MATCHES_PER_ACCOUNT.) More than one process's slots running at once: both processes are taking from the queue.
    let most = 0;
    const done = () =>
      h.db.prisma.match.count({ where: { id: { in: ids }, status: { in: ['finished', 'aborted'] } } });
    const end = Date.now() + 150_000;
    while ((await done()) < ids.length && Date.now() < end) {
      most = Math.max(most, await h.db.prisma.match.count({ where: { id: { in: ids }, status: 'running' } }));
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(most, workers.map((w) => w.output()).join('\n')).toBeGreaterThan(2);
    for (const id of ids) {
      const m = await h.waitForMatch(id, 30_000);
      expect(m.status, m.abortReason ?? '').toBe('finished');
      expect(m.attempts).toBe(1);
      const rows = await h.db.prisma.replay.findMany({ where: { matchId: id } });
      expect(rows).toHaveLength(1);
      const replay = Replay.parse(
        JSON.parse(unpackReplay(rows[0]?.packed ?? new Uint8Array(), compactReplayCodec)),
      );
      expect(verifyReplay(replay), id).toEqual({ ok: true });
      expect(replay.ranking).toEqual(m.ranking);
    }
    // Each match's seats were written once: one row per seat, with its final place.
    const seatRows = await h.db.prisma.matchSeat.groupBy({
      by: ['matchId'],
      where: { matchId: { in: ids } },
      _count: true,
    });
    expect(seatRows.map((r) => r._count)).toEqual(ids.map(() => 2));
  });
});
