import { Queue, Worker } from 'bullmq';
import type { ConnectionOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { foldStats } from '@coup/db';
import type { PrismaClient } from '@coup/db';
import { QUEUE, throttled } from '@coup/gateway';
import type { LlmBudgetLimits, MatchJob } from '@coup/gateway';
import { advanceExperiments } from '@coup/competition';
import type { AdvanceOptions } from '@coup/competition';
import { THREAD_BACKLOG, closeDuePeriods, hasDueBacklog } from './close-periods';
import { closerThread } from './closer-thread';
import type { PeriodCloser } from './closer-thread';
import { takeLease } from './closer-lease';
import { refreshLiveRatings } from './live-ratings';
import { matchmakerPass } from './matchmaker';
import { DEFAULT_MATCHMAKING } from './matchmaking';
import type { MatchmakingConfig } from './matchmaking';
import { scheduleEvents } from './events';
import { keepSchedulers } from './schedulers';
import type { SchedulerKeeper, SchedulerSpec } from './schedulers';
import { sweepMatches } from './sweep';

export interface LadderOptions {
  connection: ConnectionOptions;
  prefix: string;
  prisma: PrismaClient;
  /**
   * Where the rating closer's own thread connects (closer-thread.ts), so closing a backlog of periods never
   * runs on the event loop that plays matches. Unset: periods are closed on this thread.
   */
  databaseUrl?: string;
  matchQueue: Queue<MatchJob>;
  /** The tables' queue (match-placement.ts): the sweeper looks there too. Unset: tables use matchQueue. */
  tableQueue?: Queue<MatchJob>;
  periodMs: number;
  matchmakerIntervalMs: number;
  timeoutMs: number;
  matchmaking?: Partial<MatchmakingConfig>;
  /** Models llm agents can be played with (see MatchmakerOptions.llmModels). */
  llmModels?: readonly string[];
  /** The daily model budgets (see MatchmakerOptions.llmBudget). */
  llmBudget?: LlmBudgetLimits;
  eventsEnabled: boolean;
  /** Prompt experiments: how their deals are queued (EXPERIMENT_CONCURRENCY). Unset: no experiments job. */
  experiments?: AdvanceOptions;
  /** The sweeper (sweep.ts): how often it runs, WORKER_LOCK_MS and the grace period past it. */
  sweep: { everyMs: number; lockMs: number; graceMs: number };
  /** How often live ratings are brought up to date with the ranked results stored since. Default 1 s. */
  liveRatingsEveryMs?: number;
  /** How often ranked seats' pending figures are folded into agent_stats and house_records. Default 1 s. */
  foldStatsEveryMs?: number;
  /** How often the schedulers are checked (and re-created if Redis lost them). Default 30 s. */
  schedulerCheckMs?: number;
  /**
   * Where the backlog closer's lease is kept (closer-lease.ts), so that one closer works through a backlog
   * however many worker processes run. Unset: each process may start its own.
   */
  redis?: Redis;
  /** More due unrated matches than this are closed on the closer's own thread. Default THREAD_BACKLOG. */
  threadBacklog?: number;
  log?: (msg: string, extra?: Record<string, unknown>) => void;
}

export interface LadderWorker {
  queue: Queue;
  worker: Worker;
  schedulers: SchedulerKeeper;
  close(): Promise<void>;
}

/**
 * The ladder's repeatable jobs: a matchmaking pass, closing due rating periods, the sweeper (stuck
 * matches), folding ranked seats' pending figures into agent_stats and house_records, and (with events enabled) scheduling event rounds. BullMQ job schedulers run each tick once
 * across all workers; the jobs are also guarded by database locks or conditional writes, so several
 * worker processes are safe. The schedulers are re-created whenever Redis has lost them.
 */
/**
 * The backlog closer rests 8x as long as each batch of periods took under the ratings lock: a ninth of
 * its thread and of the Postgres work it causes. Closing a batch of periods at a time it rates 5,000-7,800
 * matches a second alone; beside play on two cores, resting 3x it rated ~790 a second and play kept 76% of
 * its pace (goal 90%), resting 8x ~390 a second with play at 92-107% (DESIGN, the backlog paragraph). Its
 * thread also runs at nice 19 (closer-thread-main.ts), and one closer works on a backlog for the whole
 * platform (closer-lease.ts): 60 s beside play, 86-94% of play's pace, 199-266 rated a second.
 */
const BACKLOG_REST_RATIO = 8;

export async function startLadder(o: LadderOptions): Promise<LadderWorker> {
  const queue = new Queue(QUEUE.ladder, { connection: o.connection, prefix: o.prefix });
  const matchQueues = o.tableQueue ? { matches: o.matchQueue, tables: o.tableQueue } : o.matchQueue;
  const report = throttled(o.log);
  queue.on('error', (err) => report('ladder queue: redis error', err));
  const specs: SchedulerSpec[] = [
    { id: 'matchmake', everyMs: o.matchmakerIntervalMs },
    { id: 'close-periods', everyMs: Math.min(30_000, Math.max(1000, Math.floor(o.periodMs / 5))) },
    // A ranked result shows in its agents' live ratings within about this long (a no-op when none arrived).
    { id: 'live-ratings', everyMs: o.liveRatingsEveryMs ?? 1000 },
    { id: 'sweep', everyMs: o.sweep.everyMs },
    // Stored ranked seats wait in agent_stats_pending / house_records_pending (reads add them, so profiles are
    // current anyway): folding them in batches rewrites each agent's row once a batch, not once a match.
    { id: 'fold-stats', everyMs: o.foldStatsEveryMs ?? 1000 },
  ];
  if (o.eventsEnabled) specs.push({ id: 'events', everyMs: 2000 });
  // Experiments queue their next deal when a match ends; this pass catches whatever that missed.
  if (o.experiments) specs.push({ id: 'experiments', everyMs: 2000 });
  const schedulers = await keepSchedulers(queue, specs, {
    unwanted: [...(o.eventsEnabled ? [] : ['events']), ...(o.experiments ? [] : ['experiments'])],
    checkEveryMs: o.schedulerCheckMs ?? 30_000,
    onRecreated: (ids) => o.log?.('ladder schedulers re-created (Redis had lost them)', { ids }),
    onError: (err) => report('ladder schedulers: cannot check them now', err),
  });
  // The closer's thread is started for the first backlog only: starting it loads and compiles the closer's
  // code in the thread (seconds of CPU taken from play), while an ordinary period's close takes
  // milliseconds here. A backlog (after an outage of the closer, a bulk load) takes minutes: off this loop.
  // The thread's close runs in the background: this worker takes one ladder job at a time, and a backlog
  // takes minutes, during which its matchmaking passes, live ratings and sweeps must go on (with one worker
  // process they stopped until the backlog was closed). A tick that finds the thread still closing skips.
  let closer: PeriodCloser | null = null;
  let closing: Promise<void> | null = null;
  let stopping = false;
  const closeOffLoop = async (url: string) => {
    if (closing) return { closing: 'on the thread, still' };
    if (!closer && !(await hasDueBacklog(o.prisma, { periodMs: o.periodMs }, o.threadBacklog))) {
      // Bounded: a backlog that lands during this pass goes to the thread on the next one.
      return closeDuePeriods(o.prisma, {
        periodMs: o.periodMs,
        maxMatches: o.threadBacklog ?? THREAD_BACKLOG,
      });
    }
    // One backlog closer on the whole platform (closer-lease.ts): another process's is at work.
    const lease = o.redis
      ? await takeLease(o.redis, `${o.prefix}:closer-lease`)
      : { release: async () => {} };
    if (!lease) return { closing: 'in another worker process' };
    if (!closer?.alive()) closer = closerThread(url); // a thread that died is replaced
    closing = closer
      .close({ periodMs: o.periodMs, restRatio: BACKLOG_REST_RATIO })
      .then(
        () => undefined,
        (err: unknown) => {
          if (!stopping) report('rating closer thread failed', err);
        },
      )
      .finally(() => {
        closing = null;
        return lease.release();
      });
    return { closing: 'on the thread' };
  };
  const worker = new Worker(
    QUEUE.ladder,
    async (job) => {
      switch (job.name) {
        case 'matchmake':
          return matchmakerPass(o.prisma, {
            matchQueue: o.matchQueue,
            timeoutMs: o.timeoutMs,
            ...(o.matchmaking ? { config: o.matchmaking } : {}),
            ...(o.llmModels ? { llmModels: o.llmModels } : {}),
            ...(o.llmBudget ? { llmBudget: o.llmBudget } : {}),
          });
        case 'close-periods':
          return o.databaseUrl
            ? closeOffLoop(o.databaseUrl)
            : closeDuePeriods(o.prisma, { periodMs: o.periodMs });
        case 'live-ratings':
          return refreshLiveRatings(o.prisma, { periodMs: o.periodMs });
        case 'fold-stats':
          return foldStats(o.prisma);
        case 'sweep': {
          const swept = await sweepMatches(o.prisma, {
            matchQueue: matchQueues,
            lockMs: o.sweep.lockMs,
            graceMs: o.sweep.graceMs,
          });
          if (swept.requeued.length > 0 || swept.aborted.length > 0)
            o.log?.('swept stuck matches', { ...swept });
          return swept;
        }
        case 'events':
          return o.eventsEnabled
            ? scheduleEvents(o.prisma, {
                matchQueue: matchQueues,
                timeoutMs: o.timeoutMs,
                maxPerOwner: o.matchmaking?.maxPerOwner ?? DEFAULT_MATCHMAKING.maxPerOwner,
              })
            : null;
        case 'experiments':
          return o.experiments ? advanceExperiments(o.prisma, o.experiments) : null;
        default:
          return null;
      }
    },
    { connection: o.connection, prefix: o.prefix, concurrency: 1 },
  );
  worker.on('failed', (job, err) => report(`ladder job ${job?.name ?? '?'} failed`, err));
  worker.on('error', (err) => report('ladder worker: redis error', err));
  return {
    queue,
    worker,
    schedulers,
    async close() {
      schedulers.stop();
      await worker.close();
      await queue.close();
      // A batch in flight on the thread is rolled back when its pool closes: the closer is atomic per batch.
      stopping = true;
      await (closer as PeriodCloser | null)?.stop();
      await closing;
    },
  };
}
