import type { Redis } from 'ioredis';

/** The mark's lifetime: a worker stops publishing this long after the last spectator anywhere left. */
export const WATCH_TTL_S = 10;
/** How often an API instance refreshes the marks of the matches its spectators watch. */
export const WATCH_REFRESH_MS = 3000;

/**
 * Marks matches as watched (`matchWatched` key, short TTL) while this API instance holds spectator sockets
 * of them, so workers publish a match's live events only then (apps/worker live-feed.ts). Counted per
 * instance; each instance refreshes its own matches' marks, and a mark nobody refreshes expires.
 */
export class WatchMarks {
  private readonly counts = new Map<string, number>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly redis: Redis,
    private readonly keyOf: (matchId: string) => string,
    private readonly log?: (msg: string, err: unknown) => void,
  ) {
    this.timer = setInterval(() => this.refresh(), WATCH_REFRESH_MS);
    this.timer.unref();
  }

  /** A spectator of `matchId` arrived: marked at once, so the worker sends its catch-up right away. */
  async add(matchId: string): Promise<void> {
    this.counts.set(matchId, (this.counts.get(matchId) ?? 0) + 1);
    await this.redis
      .set(this.keyOf(matchId), '1', 'EX', WATCH_TTL_S)
      .catch((err: unknown) => this.log?.('watch mark failed', err));
  }

  /** A spectator left; the mark of a match nobody here watches any more is left to expire. */
  remove(matchId: string): void {
    const n = (this.counts.get(matchId) ?? 0) - 1;
    if (n > 0) this.counts.set(matchId, n);
    else this.counts.delete(matchId);
  }

  get watched(): number {
    return this.counts.size;
  }

  private refresh(): void {
    if (this.counts.size === 0) return;
    const p = this.redis.pipeline();
    for (const id of this.counts.keys()) p.set(this.keyOf(id), '1', 'EX', WATCH_TTL_S);
    p.exec().catch((err: unknown) => this.log?.('watch mark refresh failed', err));
  }

  close(): void {
    clearInterval(this.timer);
  }
}
