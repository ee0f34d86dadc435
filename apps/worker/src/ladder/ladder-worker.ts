import { Queue, Worker } from 'bullmq';
import type { ConnectionOptions } from 'bullmq';
import type { PrismaClient } from '@coup/db';
import { QUEUE, requeueOrphans } from '@coup/platform';
import type { MatchJob } from '@coup/platform';
import { closeDuePeriods } from './close-periods';
import { matchmakerPass } from './matchmaker';
import { DEFAULT_MATCHMAKING } from './matchmaking';
import type { MatchmakingConfig } from './matchmaking';
import { scheduleEvents } from './events';

export interface LadderOptions {
  connection: ConnectionOptions;
  prefix: string;
  prisma: PrismaClient;
  matchQueue: Queue<MatchJob>;
  periodMs: number;
  matchmakerIntervalMs: number;
  timeoutMs: number;
  matchmaking?: Partial<MatchmakingConfig>;
  eventsEnabled: boolean;
  log?: (msg: string, extra?: Record<string, unknown>) => void;
}

export interface LadderWorker {
  queue: Queue;
  worker: Worker;
  close(): Promise<void>;
}

/**
 * The ladder's repeatable jobs: a matchmaking pass, closing due rating periods, and (with events enabled)
 * scheduling event rounds. BullMQ job schedulers run each tick once across all workers; the jobs are also
 * guarded by database locks, so several worker processes are safe.
 */
export async function startLadder(o: LadderOptions): Promise<LadderWorker> {
  const queue = new Queue(QUEUE.ladder, { connection: o.connection, prefix: o.prefix });
  const keep = { removeOnComplete: { count: 50 }, removeOnFail: { count: 50 } };
  await queue.upsertJobScheduler(
    'matchmake',
    { every: o.matchmakerIntervalMs },
    { name: 'matchmake', opts: keep },
  );
  await queue.upsertJobScheduler(
    'close-periods',
    { every: Math.min(30_000, Math.max(1000, Math.floor(o.periodMs / 5))) },
    { name: 'close-periods', opts: keep },
  );
  if (o.eventsEnabled) {
    await queue.upsertJobScheduler('events', { every: 2000 }, { name: 'events', opts: keep });
  } else {
    await queue.removeJobScheduler('events');
  }
  const worker = new Worker(
    QUEUE.ladder,
    async (job) => {
      switch (job.name) {
        case 'matchmake':
          await requeueOrphans(o.prisma, o.matchQueue, 30_000);
          return matchmakerPass(o.prisma, {
            matchQueue: o.matchQueue,
            timeoutMs: o.timeoutMs,
            ...(o.matchmaking ? { config: o.matchmaking } : {}),
          });
        case 'close-periods':
          return closeDuePeriods(o.prisma, { periodMs: o.periodMs });
        case 'events':
          return o.eventsEnabled
            ? scheduleEvents(o.prisma, {
                matchQueue: o.matchQueue,
                timeoutMs: o.timeoutMs,
                maxPerOwner: o.matchmaking?.maxPerOwner ?? DEFAULT_MATCHMAKING.maxPerOwner,
              })
            : null;
        default:
          return null;
      }
    },
    { connection: o.connection, prefix: o.prefix, concurrency: 1 },
  );
  worker.on('failed', (job, err) => o.log?.('ladder job failed', { job: job?.name, err: err.message }));
  return {
    queue,
    worker,
    async close() {
      await worker.close();
      await queue.close();
    },
  };
}
