import type { Redis } from 'ioredis';

// Whether anyone watches a running match is one key per match (`matchWatched`, kept alive by the API while
// it holds spectator sockets). A worker looks at the keys of all its running matches in one MGET per
// interval: a look per match cost each match a Redis round trip every interval for as long as it ran, so a
// match's cost grew with its length (more matches at once, slower agents). Keys are looked at in chunks of
// MGET_CHUNK, so a worker with thousands of tables sends commands of bounded size.

const MGET_CHUNK = 500;

type OnChange = (watched: boolean) => void;
type Fail = (err: unknown) => void;

export class WatchPoller {
  private readonly listeners = new Map<string, Set<{ onChange: OnChange; fail: Fail }>>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly redis: Redis,
    private readonly pollMs: number,
  ) {}

  /** Tells `onChange` at every look whether `key` exists, until the returned function is called. */
  watch(key: string, onChange: OnChange, fail: Fail): () => void {
    const entry = { onChange, fail };
    const set = this.listeners.get(key) ?? new Set();
    set.add(entry);
    this.listeners.set(key, set);
    if (this.timer === null) {
      this.timer = setInterval(() => this.look(), this.pollMs);
      this.timer.unref();
    }
    return () => {
      set.delete(entry);
      if (set.size === 0 && this.listeners.get(key) === set) this.listeners.delete(key);
      if (this.listeners.size === 0 && this.timer !== null) {
        clearInterval(this.timer);
        this.timer = null;
      }
    };
  }

  /** How many keys are looked at (tests). */
  get size(): number {
    return this.listeners.size;
  }

  private look(): void {
    const keys = [...this.listeners.keys()];
    for (let i = 0; i < keys.length; i += MGET_CHUNK) {
      const chunk = keys.slice(i, i + MGET_CHUNK);
      this.redis.mget(chunk).then(
        (values) => chunk.forEach((key, k) => this.tell(key, (e) => e.onChange(values[k] !== null))),
        (err: unknown) => chunk.forEach((key) => this.tell(key, (e) => e.fail(err))),
      );
    }
  }

  private tell(key: string, f: (e: { onChange: OnChange; fail: Fail }) => void): void {
    for (const e of this.listeners.get(key) ?? []) f(e);
  }
}

const pollers = new WeakMap<Redis, Map<number, WatchPoller>>();

/** The one poller of this Redis client at this interval (one per worker process in practice). */
export function watchPoller(redis: Redis, pollMs: number): WatchPoller {
  let byMs = pollers.get(redis);
  if (!byMs) pollers.set(redis, (byMs = new Map()));
  let poller = byMs.get(pollMs);
  if (!poller) byMs.set(pollMs, (poller = new WatchPoller(redis, pollMs)));
  return poller;
}
