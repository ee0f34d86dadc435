import type { Redis } from 'ioredis';
import type { Keys } from '@coup/gateway';
import type { SpectatorUpdate } from '@coup/runner';
import { watchPoller } from './watch-poller';

// The live view of one running match, published only while someone watches (the API keeps the match's
// `matchWatched` key alive while it has spectators), in batches, with a bounded log in Redis. Nobody
// watching costs a match one round trip at its start and one at its end; the worker looks for spectators of
// all its running matches in one MGET per LIVE_WATCH_POLL_MS (watch-poller.ts).

/** Events of this long are sent as one `update` message. */
export const LIVE_BATCH_MS = 75;
/** How often a running match checks whether someone started watching. */
export const LIVE_WATCH_POLL_MS = 500;
/** Most recent public events kept in memory for the catch-up a new spectator gets. */
export const LIVE_RECENT_EVENTS = 200;
/** Messages kept in a match's Redis log (a spectator joining a watched match reads it first). */
export const LIVE_LOG_MAX = 50;
/** The log of a running match expires this long after its last message. */
export const LIVE_LOG_TTL_S = 300;
/** At the end the log shrinks to its `end` message, kept this long for spectators arriving just then. */
export const LIVE_END_TTL_S = 60;

export interface LiveDeps {
  redis: Redis;
  keys: Keys;
  log?: (msg: string, extra?: Record<string, unknown>) => void;
}

export interface LiveFeed {
  /** A new engine transition (events and the spectators' state after it). */
  publish(u: SpectatorUpdate): void;
  end(ranking: number[][]): void;
  /** Spectators are told (and their sockets closed) when a match is given up too. */
  aborted(abortReason?: string): void;
  /** Starts the run's log afresh (a retried match) and looks once whether someone already watches. */
  reset(): Promise<void>;
  /** Stops the timers (the run is over, whatever happened). */
  stop(): void;
}

export function liveFeed(
  matchId: string,
  deps: LiveDeps,
  o: { batchMs?: number; pollMs?: number } = {},
): LiveFeed {
  const channel = deps.keys.matchEvents(matchId);
  const logKey = deps.keys.matchLog(matchId);
  const watchKey = deps.keys.matchWatched(matchId);
  const batchMs = o.batchMs ?? LIVE_BATCH_MS;
  const pollMs = o.pollMs ?? LIVE_WATCH_POLL_MS;

  let watched = false;
  /** Whether the spectators have had their catch-up since watching started. */
  let caughtUp = false;
  let recent: SpectatorUpdate['events'] = [];
  let total = 0;
  let state: SpectatorUpdate['state'] | null = null;
  let pending: SpectatorUpdate['events'] = [];
  let dirty = false;
  let sinceCatchUp = 0;
  let batchTimer: NodeJS.Timeout | null = null;
  /** Stops looking for spectators (set while the run looks). */
  let unwatch: (() => void) | null = null;
  let stopped = false;

  const failed = (err: unknown) => deps.log?.('live publish failed', { matchId, err: String(err) });

  const send = (msg: object) => {
    const json = JSON.stringify(msg);
    deps.redis
      .multi()
      .rpush(logKey, json)
      .ltrim(logKey, -LIVE_LOG_MAX, -1)
      .expire(logKey, LIVE_LOG_TTL_S)
      .publish(channel, json)
      .exec()
      .catch(failed);
  };

  /** The match's last message: the log shrinks to it, so a late spectator gets `end` (the replay has the rest). */
  const sendLast = (msg: object) => {
    const json = JSON.stringify(msg);
    deps.redis
      .multi()
      .del(logKey)
      .rpush(logKey, json)
      .expire(logKey, LIVE_END_TTL_S)
      .publish(channel, json)
      .exec()
      .catch(failed);
  };

  const seen = (now: boolean) => {
    if (now && !watched) caughtUp = false;
    watched = now;
    if (watched && !stopped) schedule();
  };

  /** Sends what the spectators have not seen: the catch-up when watching starts, then batches. */
  const flush = () => {
    batchTimer = null;
    if (!watched || state === null) {
      pending = [];
      dirty = false;
      return;
    }
    if (!caughtUp) {
      // Public state and the recent events: a spectator who joins mid-match sees the table at once.
      caughtUp = true;
      send({
        type: 'update',
        matchId,
        catchUp: true,
        fromEvent: total - recent.length,
        events: recent,
        state,
      });
      sinceCatchUp = 0;
    } else if (dirty) {
      send({ type: 'update', matchId, fromEvent: total - pending.length, events: pending, state });
      // Now and then a catch-up again, so the bounded log always holds one for spectators joining later.
      if (++sinceCatchUp >= LIVE_LOG_MAX / 2) caughtUp = false;
    }
    pending = [];
    dirty = false;
  };

  const schedule = () => {
    if (batchTimer === null) batchTimer = setTimeout(flush, batchMs);
  };

  return {
    publish(u) {
      state = u.state;
      total += u.events.length;
      recent =
        recent.length + u.events.length > LIVE_RECENT_EVENTS * 2 ? recent.slice(-LIVE_RECENT_EVENTS) : recent;
      for (const e of u.events) recent.push(e);
      if (!watched) return;
      for (const e of u.events) pending.push(e);
      dirty = true;
      schedule();
    },
    end(ranking) {
      if (batchTimer !== null) clearTimeout(batchTimer);
      flush();
      this.stop();
      sendLast({ type: 'end', matchId, ranking });
    },
    aborted(abortReason) {
      this.stop();
      sendLast({ type: 'end', matchId, status: 'aborted', ...(abortReason ? { abortReason } : {}) });
    },
    async reset() {
      // A retried match starts its live log again; one round trip for that and the first look for spectators.
      const replies = await deps.redis.multi().del(logKey).exists(watchKey).exec();
      const [err, exists] = replies?.[1] ?? [null, 0];
      if (err) failed(err);
      else watched = Number(exists) > 0;
      caughtUp = false;
      if (unwatch === null && !stopped)
        unwatch = watchPoller(deps.redis, pollMs).watch(watchKey, seen, failed);
    },
    stop() {
      stopped = true;
      unwatch?.();
      if (batchTimer !== null) clearTimeout(batchTimer);
      unwatch = null;
      batchTimer = null;
    },
  };
}
