import { servedAgent } from './served-agent';
import type { TestAgent } from './agents';
import { startHarness } from './harness';
import type { Harness } from './harness';
import { startWorkerProcess } from './worker-process';
import type { WorkerProcess } from './worker-process';

// The platform the outage tests break: the API in this process and a worker as its own process, on a
// private Postgres or Redis, with two slow HTTP agents of one owner to seat in ranked matches.

export interface OutagePlatform {
  h: Harness;
  worker: WorkerProcess;
  agents: TestAgent[];
  /** The agents' ids, one per seat. */
  seats: string[];
  /** Stops the worker, the agents and the harness (the private server is the caller's). */
  stop(): Promise<void>;
}

export async function startOutagePlatform(o: {
  redisUrl?: string;
  databaseServerUrl?: string;
  /** How long each agent takes per decision. */
  agentDelayMs: number;
  periodMs: number;
  lockMs: number;
}): Promise<OutagePlatform> {
  const h = await startHarness({
    worker: false,
    ...(o.redisUrl ? { redisUrl: o.redisUrl } : {}),
    ...(o.databaseServerUrl ? { databaseServerUrl: o.databaseServerUrl } : {}),
    // The test's agents share one owner; ranked matches of one owner are the operator's choice here.
    env: { RATING_PERIOD_MS: String(o.periodMs), MAX_SEATS_PER_OWNER: '6' },
  });
  const agents: TestAgent[] = [];
  const seats: string[] = [];
  const { key } = await h.createAccount();
  for (const kind of ['random', 'honest'] as const) {
    const served = await servedAgent(h, key, { kind, delayMs: o.agentDelayMs, name: kind });
    agents.push(served.agent);
    seats.push(served.id);
  }
  const worker = await startWorkerProcess(
    h.workerEnv({
      LOG_LEVEL: 'warn',
      WORKER_CONCURRENCY: '4',
      WORKER_LOCK_MS: String(o.lockMs),
      SWEEP_INTERVAL_MS: '1000',
      SWEEP_GRACE_MS: '3000',
      RATING_PERIOD_MS: String(o.periodMs),
    }),
  );
  return {
    h,
    worker,
    agents,
    seats,
    async stop() {
      worker.kill('SIGKILL');
      await Promise.all(agents.map((a) => a.close()));
      await h.stop();
    },
  };
}
