import type { Queue } from 'bullmq';

// BullMQ job schedulers live in Redis only: a Redis restarted without its data (or flushed) loses them,
// and matchmaking, rating periods and the sweeper would stop until someone restarted a worker. So the
// ladder keeps checking that its schedulers exist and re-creates the missing ones: on a timer, and as soon
// as its Redis connection is ready again after a reconnect.

export interface SchedulerSpec {
  id: string;
  everyMs: number;
}

const KEEP = { removeOnComplete: { count: 50 }, removeOnFail: { count: 50 } };

/**
 * Creates the schedulers of `specs` that are missing or have another interval, and removes the ones
 * named in `unwanted`. Returns the ids it (re-)created.
 */
export async function ensureSchedulers(
  queue: Queue,
  specs: readonly SchedulerSpec[],
  unwanted: readonly string[] = [],
): Promise<string[]> {
  const existing = new Map((await queue.getJobSchedulers()).map((s) => [s.key, s.every]));
  const created: string[] = [];
  for (const s of specs) {
    if (existing.get(s.id) === s.everyMs) continue;
    await queue.upsertJobScheduler(s.id, { every: s.everyMs }, { name: s.id, opts: KEEP });
    created.push(s.id);
  }
  for (const id of unwanted) if (existing.has(id)) await queue.removeJobScheduler(id);
  return created;
}

export interface SchedulerKeeper {
  /** Checks now (the timer and reconnects call this too). */
  check(): Promise<string[]>;
  stop(): void;
}

/**
 * Ensures the schedulers now, then every `checkEveryMs` and whenever the queue's connection becomes ready
 * (after Redis came back). Failures while Redis is away are reported to `onError` and retried next time.
 */
export async function keepSchedulers(
  queue: Queue,
  specs: readonly SchedulerSpec[],
  o: {
    unwanted?: readonly string[];
    checkEveryMs: number;
    onRecreated?: (ids: string[]) => void;
    onError?: (err: unknown) => void;
  },
): Promise<SchedulerKeeper> {
  let running: Promise<string[]> | null = null;
  let stopped = false;
  const check = () => {
    // One check at a time: a reconnect during a timer check joins it.
    running ??= ensureSchedulers(queue, specs, o.unwanted).finally(() => (running = null));
    return running;
  };
  const background = () => {
    if (stopped) return;
    check().then(
      (ids) => ids.length > 0 && o.onRecreated?.(ids),
      (err: unknown) => o.onError?.(err),
    );
  };
  await check();
  const timer = setInterval(background, o.checkEveryMs);
  timer.unref();
  const backend = queue.getBackend();
  backend.on('ready', background);
  return {
    check,
    stop() {
      stopped = true;
      clearInterval(timer);
      backend.off('ready', background);
    },
  };
}
