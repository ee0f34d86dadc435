import type { Redis } from 'ioredis';
import type { Keys } from './names';

// Which WebSocket agents have an open socket, across API instances: a hash per agent, one field per
// socket, valued with the time until which that socket counts as alive (refreshed while it is open).

export const PRESENCE_TTL_MS = 30_000;

/**
 * The presence of a person's socket at one table. A person may have several tables open (one socket each,
 * all the same seat agent): leaving one table's page must count as leaving that table, so a person's
 * sockets are marked (and a person's decisions checked) per table rather than per agent.
 */
export const tablePresenceId = (agentId: string, matchId: string): string => `${agentId}:table:${matchId}`;

export async function markOnline(redis: Redis, keys: Keys, agentId: string, socketId: string): Promise<void> {
  const key = keys.agentOnline(agentId);
  await redis
    .multi()
    .hset(key, socketId, String(Date.now() + PRESENCE_TTL_MS))
    .pexpire(key, PRESENCE_TTL_MS * 2)
    .exec();
}

export async function markOffline(
  redis: Redis,
  keys: Keys,
  agentId: string,
  socketId: string,
): Promise<void> {
  await redis.hdel(keys.agentOnline(agentId), socketId);
}

export async function isOnline(redis: Redis, keys: Keys, agentId: string): Promise<boolean> {
  const until = await redis.hvals(keys.agentOnline(agentId));
  const now = Date.now();
  return until.some((t) => Number(t) > now);
}
