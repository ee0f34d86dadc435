import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { ChannelHub, Keys } from '@coup/gateway';

// Matches stopped from outside their worker (an experiment cancelled by its owner): the API aborts them in
// Postgres first, then publishes their ids on one channel; every worker running one of them stops the run
// at once (apps/worker), so it neither calls agents or models any more nor holds its slot. A worker that
// misses the message still stores nothing: the match is aborted, and storeMatchResult refuses it.

export const MatchesCancelled = z.object({
  matchIds: z.array(z.string().min(1)).max(10_000),
  reason: z.string().min(1).max(500),
});
export type MatchesCancelled = z.infer<typeof MatchesCancelled>;

export async function publishMatchesCancelled(
  redis: Redis,
  keys: Keys,
  msg: MatchesCancelled,
): Promise<void> {
  if (msg.matchIds.length === 0) return;
  await redis.publish(keys.matchesCancelled, JSON.stringify(msg));
}

/** Calls `handler` for each cancellation published from now on; resolves to a stop function once subscribed. */
export function listenMatchesCancelled(
  hub: ChannelHub,
  keys: Keys,
  handler: (msg: MatchesCancelled) => void,
): Promise<() => Promise<void>> {
  return hub.listen(keys.matchesCancelled, (raw) => {
    let parsed: ReturnType<typeof MatchesCancelled.safeParse>;
    try {
      parsed = MatchesCancelled.safeParse(JSON.parse(raw));
    } catch {
      return; // garbage on the channel
    }
    if (parsed.success) handler(parsed.data);
  });
}
