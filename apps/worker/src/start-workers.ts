import type { Worker } from 'bullmq';
import { advanceAfterMatch, enqueueMatch, llmBudgetLimits } from '@coup/platform';
import type { AdvanceOptions, Runtime } from '@coup/platform';
import { startLadder } from './ladder/index';
import type { LadderWorker } from './ladder/index';
import { createMatchWorker, stopMatchWorker } from './match-worker';

export interface Workers {
  matches: Worker;
  ladder: LadderWorker;
  /** force: do not wait for running matches (they are cancelled; their jobs go back to the queue). */
  close(opts?: { force?: boolean }): Promise<void>;
}

/** Everything a worker process runs, configured from the environment: the match worker and the ladder jobs. */
export async function startWorkers(
  runtime: Runtime,
  publicUrl: string,
  log: (msg: string, extra?: Record<string, unknown>) => void,
): Promise<Workers> {
  const { env } = runtime;
  // A secret rotated once matches run must reach them: listen to rotations before taking any match.
  await runtime.ready;
  // Prompt experiments queue their next deals as their matches end (and from the ladder's job).
  // The daily model budgets: spent ones queue no experiment deal and seat no llm agent in ranked play.
  const llmBudget = llmBudgetLimits(env);
  const experiments: AdvanceOptions = {
    concurrency: env.EXPERIMENT_CONCURRENCY,
    enqueue: (id) => enqueueMatch(runtime.matchQueue, id),
    budget: llmBudget,
  };
  const matches = createMatchWorker({
    prisma: runtime.prisma,
    redis: runtime.redis,
    keys: runtime.keys,
    transports: runtime.transports,
    publicUrl,
    connection: runtime.bullConnection,
    prefix: env.QUEUE_PREFIX,
    concurrency: env.WORKER_CONCURRENCY,
    lockDurationMs: env.WORKER_LOCK_MS,
    maxMatchMs: env.MATCH_MAX_MS,
    // Only a match group's match (a prompt experiment's deal) can queue more: the others need no lookup.
    onMatchEnded: (id, { grouped }) =>
      grouped ? advanceAfterMatch(runtime.prisma, id, experiments) : Promise.resolve(null),
    log,
  });
  const ladder = await startLadder({
    connection: runtime.bullConnection,
    prefix: env.QUEUE_PREFIX,
    prisma: runtime.prisma,
    matchQueue: runtime.matchQueue,
    periodMs: env.RATING_PERIOD_MS,
    matchmakerIntervalMs: env.MATCHMAKER_INTERVAL_MS,
    timeoutMs: env.MATCH_TIMEOUT_MS,
    matchmaking: { seats: env.SEATS_PER_MATCH, maxPerOwner: env.MAX_SEATS_PER_OWNER },
    // llm agents are matched only while their model can be called.
    llmModels: env.LLM_BASE_URL ? env.LLM_MODELS.map((m) => m.name) : [],
    llmBudget,
    eventsEnabled: env.EVENTS_ENABLED,
    experiments,
    sweep: { everyMs: env.SWEEP_INTERVAL_MS, lockMs: env.WORKER_LOCK_MS, graceMs: env.SWEEP_GRACE_MS },
    log,
  });
  return {
    matches,
    ladder,
    async close(opts = {}) {
      // Together: a stop at once cancels the running matches before anything else can hold them up.
      await Promise.all([ladder.close(), stopMatchWorker(matches, { force: opts.force ?? false })]);
    },
  };
}
