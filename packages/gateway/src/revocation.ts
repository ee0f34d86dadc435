import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { ChannelHub } from './channel-hub';
import type { Keys } from './names';

// When an agent's right to a session ends (its secret is rotated, it is paused or deleted), the API that
// made the change publishes it on one channel. Every API instance closes the agent's sockets it holds, and
// every worker re-reads the agent's secret before its next signed HTTP request.

export const RevokeReason = z.enum(['secret_rotated', 'paused', 'disabled', 'deleted']);
export type RevokeReason = z.infer<typeof RevokeReason>;

export const AgentRevoked = z.object({ agentId: z.string().min(1), reason: RevokeReason });
export type AgentRevoked = z.infer<typeof AgentRevoked>;

/**
 * How an agent socket is closed for each reason (PROTOCOL.md). 4001: the key it connected with is no
 * longer valid; 4003: the agent may not play now. Both tell the SDK not to reconnect with the same key.
 */
export const REVOKE_CLOSE: Record<RevokeReason, { code: number; reason: string }> = {
  secret_rotated: { code: 4001, reason: 'agent secret rotated' },
  paused: { code: 4003, reason: 'agent paused' },
  disabled: { code: 4003, reason: 'agent disabled' },
  deleted: { code: 4003, reason: 'agent deleted' },
};

export async function publishRevocation(redis: Redis, keys: Keys, msg: AgentRevoked): Promise<void> {
  await redis.publish(keys.agentRevoked, JSON.stringify(msg));
}

/** Calls `handler` for each revocation published from now on; resolves to a stop function once subscribed. */
export function listenRevocations(
  hub: ChannelHub,
  keys: Keys,
  handler: (msg: AgentRevoked) => void,
): Promise<() => Promise<void>> {
  return hub.listen(keys.agentRevoked, (raw) => {
    let parsed: ReturnType<typeof AgentRevoked.safeParse>;
    try {
      parsed = AgentRevoked.safeParse(JSON.parse(raw));
    } catch {
      return; // garbage on the channel
    }
    if (parsed.success) handler(parsed.data);
  });
}
