import { parentPort, workerData } from 'node:worker_threads';
import { createPrisma } from '@coup/db';
import { lowerThreadPriority } from '@coup/threads';
import { closeDuePeriods } from './close-periods';
import type { ClosePeriodsOptions } from './close-periods';

// The closer thread (closer-thread.ts): closes due rating periods on request, with a pool of its own.
// A backlog is batch work beside the matches this process plays: the thread takes the CPU at the lowest
// priority (nice 19), so when both want it the matches go first (DESIGN, the backlog paragraph).
lowerThreadPriority(19);
const prisma = createPrisma((workerData as { databaseUrl: string }).databaseUrl, { max: 2 });

parentPort?.on('message', (msg: { id: number; options: ClosePeriodsOptions } | { stop: true }) => {
  if ('stop' in msg) {
    void prisma.$disconnect().finally(() => process.exit(0));
    return;
  }
  closeDuePeriods(prisma, msg.options).then(
    (closed) => parentPort?.postMessage({ id: msg.id, closed }),
    (err: unknown) =>
      parentPort?.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err) }),
  );
});
