import type { Queue } from 'bullmq';
import type { PrismaClient } from '@coup/db';
import type { MatchJob } from '@coup/platform';

export interface ScheduleEventsOptions {
  matchQueue: Queue<MatchJob>;
  timeoutMs: number;
  now?: number;
}

/** Starts events whose start time has come and queues their next rounds. (Being written.) */
export async function scheduleEvents(_prisma: PrismaClient, _o: ScheduleEventsOptions): Promise<void> {}
