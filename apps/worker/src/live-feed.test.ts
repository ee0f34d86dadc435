import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGame, eventsFor, legalActions, applyAction, pendingSeats, viewFor } from '@coup/engine';
import type { GameEvent, GameState, PlayerView } from '@coup/engine';
import { keys } from '@coup/gateway';
import type { SpectatorUpdate } from '@coup/runner';
import { LIVE_END_TTL_S, LIVE_LOG_MAX, LIVE_LOG_TTL_S, liveFeed } from './live-feed';

// The live feed on a real Redis: nothing is published while nobody watches, a catch-up (public state and
// recent events) when watching starts, batches after it, and a log bounded in size and time.

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const k = keys(`lf${randomBytes(4).toString('hex')}`);
let redis: Redis;
let sub: Redis;
const received = new Map<string, Record<string, unknown>[]>();

beforeAll(async () => {
  redis = new Redis(REDIS_URL);
  sub = new Redis(REDIS_URL);
  sub.on('message', (channel: string, raw: string) => {
    const list = received.get(channel) ?? [];
    list.push(JSON.parse(raw) as Record<string, unknown>);
    received.set(channel, list);
  });
});

afterAll(async () => {
  const left = await redis.keys(`${k.matchLog('x').split(':match:')[0]}:*`);
  if (left.length) await redis.del(...left);
  sub.disconnect();
  redis.disconnect();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `done()` holds (up to 10 s: on a loaded machine timers and pub/sub run late). */
async function until(done: () => boolean): Promise<void> {
  for (const end = Date.now() + 10_000; !done(); await sleep(5)) {
    if (Date.now() > end) throw new Error('timed out');
  }
}

/** A game's spectator updates, one per engine transition (as the runner's onEvent gives them). */
function updates(seed: string): SpectatorUpdate[] {
  let s: GameState = createGame({ players: 3, seed });
  const out: SpectatorUpdate[] = [{ events: [], state: viewFor(s, null) }];
  for (let i = 0; i < 400 && s.phase !== 'game_over'; i++) {
    const seat = pendingSeats(s)[0] as number;
    const r = applyAction(s, seat, legalActions(s, seat)[0]!);
    if (!r.ok) break;
    s = r.state;
    out.push({ events: eventsFor(r.events, null), state: viewFor(s, null) });
  }
  return out;
}

async function watchChannel(matchId: string): Promise<Record<string, unknown>[]> {
  const channel = k.matchEvents(matchId);
  await sub.subscribe(channel);
  const list: Record<string, unknown>[] = [];
  received.set(channel, list);
  return list;
}

describe('live feed', () => {
  it('publishes nothing and keeps no log while nobody watches; ends with a short-lived end', async () => {
    const id = `mt_quiet${randomBytes(3).toString('hex')}`;
    const got = await watchChannel(id);
    const feed = liveFeed(id, { redis, keys: k }, { batchMs: 10, pollMs: 30 });
    await feed.reset();
    for (const u of updates('quiet')) {
      feed.publish(u);
      await sleep(1);
    }
    await sleep(120);
    expect(got).toEqual([]);
    expect(await redis.exists(k.matchLog(id))).toBe(0);
    feed.end([[0], [1], [2]]);
    await until(() => got.length > 0);
    expect(got).toEqual([{ type: 'end', matchId: id, ranking: [[0], [1], [2]] }]);
    expect(await redis.lrange(k.matchLog(id), 0, -1)).toHaveLength(1);
    const ttl = await redis.ttl(k.matchLog(id));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(LIVE_END_TTL_S);
  });

  it('sends a catch-up when watching starts, then batches; the log stays capped and expiring', async () => {
    const id = `mt_watch${randomBytes(3).toString('hex')}`;
    const got = await watchChannel(id);
    const feed = liveFeed(id, { redis, keys: k }, { batchMs: 15, pollMs: 20 });
    await feed.reset();
    const all = updates('watched');
    const half = Math.floor(all.length / 2);
    for (const u of all.slice(0, half)) feed.publish(u);
    await sleep(60);
    expect(got).toEqual([]);

    // A spectator arrives (the API sets the mark): the table as it is now, with the recent events.
    await redis.set(k.matchWatched(id), '1', 'EX', 10);
    await until(() => got.length > 0);
    // Nothing else follows while nothing new is published (a few looks and batch intervals later).
    await sleep(80);
    expect(got).toHaveLength(1);
    const catchUp = got[0] as { catchUp: boolean; fromEvent: number; events: GameEvent[]; state: PlayerView };
    const before = all.slice(0, half).flatMap((u) => u.events);
    expect(catchUp).toMatchObject({ type: 'update', matchId: id, catchUp: true });
    expect(catchUp.state).toEqual(all[half - 1]!.state);
    expect(catchUp.fromEvent + catchUp.events.length).toBe(before.length);
    expect(catchUp.events).toEqual(before.slice(catchUp.fromEvent));

    // Then the rest, batched: fewer messages than transitions, every event once and in order.
    for (const [i, u] of all.slice(half).entries()) {
      feed.publish(u);
      if (i % 3 === 0) await sleep(5);
    }
    await sleep(80);
    feed.end([[0], [1], [2]]);
    await until(() => (got.at(-1) as { type?: string } | undefined)?.type === 'end');
    const rest = got.slice(1, -1) as { fromEvent: number; events: GameEvent[]; catchUp?: boolean }[];
    expect(rest.length).toBeGreaterThan(0);
    expect(rest.length).toBeLessThan(all.length - half);
    const shown: GameEvent[] = before.slice();
    for (const m of rest) {
      expect(m.fromEvent).toBeLessThanOrEqual(shown.length);
      shown.push(...m.events.slice(shown.length - m.fromEvent));
    }
    expect(shown).toEqual(all.flatMap((u) => u.events));
    expect(got.at(-1)).toMatchObject({ type: 'end' });
    expect(await redis.lrange(k.matchLog(id), 0, -1)).toHaveLength(1);
  });

  it('caps the log by size and time while watched', async () => {
    const id = `mt_cap${randomBytes(3).toString('hex')}`;
    await redis.set(k.matchWatched(id), '1', 'EX', 10);
    const feed = liveFeed(id, { redis, keys: k }, { batchMs: 1, pollMs: 1000 });
    await feed.reset();
    for (const u of updates('capped')) {
      feed.publish(u);
      await sleep(3);
    }
    await sleep(30);
    const len = await redis.llen(k.matchLog(id));
    expect(len).toBeGreaterThan(LIVE_LOG_MAX / 2);
    expect(len).toBeLessThanOrEqual(LIVE_LOG_MAX);
    // A catch-up is always among the messages kept (one every LIVE_LOG_MAX / 2 batches).
    const log = (await redis.lrange(k.matchLog(id), 0, -1)).map(
      (r) => JSON.parse(r) as { catchUp?: boolean },
    );
    expect(log.some((m) => m.catchUp)).toBe(true);
    const ttl = await redis.ttl(k.matchLog(id));
    expect(ttl).toBeGreaterThan(LIVE_LOG_TTL_S - 10);
    expect(ttl).toBeLessThanOrEqual(LIVE_LOG_TTL_S);
    feed.stop();
    await redis.del(k.matchLog(id), k.matchWatched(id));
  });
});
