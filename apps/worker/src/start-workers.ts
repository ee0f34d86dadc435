import type { Worker } from 'bullmq';
import { llmBudgetLimits, QUEUE } from '@coup/gateway';
import { advanceAfterMatch, enqueueMatch, listenMatchesCancelled, replayPacker } from '@coup/competition';
import type { AdvanceOptions, Runtime } from '@coup/competition';
import { startLadder } from './ladder/index';
import type { LadderWorker } from './ladder/index';
import { cancelMatchRuns, createMatchWorker, stopMatchWorker } from './match-worker';
import type { MatchWorkerOptions } from './match-worker';

export interface Workers {
  matches: Worker;
  /** The casual tables seating a person: their own queue and slots (TABLE_CONCURRENCY). */
  tables: Worker;
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
    enqueue: (id, placement) => enqueueMatch(runtime.queues, id, placement),
    budget: llmBudget,
  };
  // Replays are packed for storage on threads of their own (WORKER_PACK_THREADS), off the loop that plays.
  const packer = replayPacker(env.WORKER_PACK_THREADS, { log });
  const common: MatchWorkerOptions = {
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
    pack: (replay) => packer.pack(replay),
    // Only a match group's match (a prompt experiment's deal) can queue more: the others need no lookup.
    onMatchEnded: (id, { grouped }) =>
      grouped ? advanceAfterMatch(runtime.prisma, id, experiments) : Promise.resolve(null),
    log,
  };
  // Slots shared fairly (docs/DESIGN.md "Sharing the worker slots"): the platform's matches first, at most
  // WORKER_SLOTS_PER_ACCOUNT of one account's, and tables in a queue with slots of their own.
  const matches = createMatchWorker({ ...common, slotsPerAccount: env.WORKER_SLOTS_PER_ACCOUNT });
  const tables = createMatchWorker({
    ...common,
    queue: QUEUE.tables,
    concurrency: env.TABLE_CONCURRENCY,
    slotsPerAccount: Math.max(1, Math.floor(env.TABLE_CONCURRENCY / 2)),
  });
  // Matches aborted from outside (an experiment cancelled) stop here if they run here.
  const unlisten = await listenMatchesCancelled(runtime.hub, runtime.keys, ({ matchIds }) => {
    cancelMatchRuns(matches, matchIds);
    cancelMatchRuns(tables, matchIds);
  });
  const ladder = await startLadder({
    connection: runtime.bullConnection,
    prefix: env.QUEUE_PREFIX,
    prisma: runtime.prisma,
    databaseUrl: runtime.databaseUrl,
    redis: runtime.redis,
    matchQueue: runtime.matchQueue,
    tableQueue: runtime.tableQueue,
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
    tables,
    ladder,
    async close(opts = {}) {
      await unlisten().catch(() => undefined);
      // Together: a stop at once cancels the running matches before anything else can hold them up.
      const force = opts.force ?? false;
      await Promise.all([
        ladder.close(),
        stopMatchWorker(matches, { force }),
        stopMatchWorker(tables, { force }),
      ]);
      // Last: the matches that finished above were packed on the threads.
      await packer.close();
    },
  };
}
