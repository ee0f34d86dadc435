import { listenRevocations, REVOKE_CLOSE } from '@coup/gateway';
import type { ChannelHub, Keys, RevokeReason } from '@coup/gateway';

/** Ends one agent socket: closes it with this code and reason, and releases what it holds at once. */
export type EndSession = (code: number, reason: string) => void;

/**
 * The agent sockets open on this API instance, by agent, so a revocation (secret rotated, agent paused or
 * deleted) closes them at once. Revocations made on other instances arrive on Redis (revocation.ts); this
 * instance listens from its first agent socket on.
 */
export class AgentSockets {
  private readonly open = new Map<string, Set<EndSession>>();
  private listening: Promise<() => Promise<void>> | null = null;

  constructor(
    private readonly hub: ChannelHub,
    private readonly keys: Keys,
  ) {}

  /** Registers an open socket of the agent; call the returned function once it is closed. */
  add(agentId: string, end: EndSession): () => void {
    let set = this.open.get(agentId);
    if (!set) this.open.set(agentId, (set = new Set()));
    set.add(end);
    return () => {
      const s = this.open.get(agentId);
      if (s?.delete(end) && s.size === 0) this.open.delete(agentId);
    };
  }

  /** Resolves once revocations published by any API instance reach this one. */
  async listen(): Promise<void> {
    this.listening ??= listenRevocations(this.hub, this.keys, (m) => this.revoke(m.agentId, m.reason));
    try {
      await this.listening;
    } catch (err) {
      this.listening = null;
      throw err;
    }
  }

  /** Closes every socket of the agent held here; returns how many. */
  revoke(agentId: string, reason: RevokeReason): number {
    const set = this.open.get(agentId);
    if (!set) return 0;
    this.open.delete(agentId);
    const close = REVOKE_CLOSE[reason];
    for (const end of set) end(close.code, close.reason);
    return set.size;
  }

  /** How many sockets of the agent are open here. */
  count(agentId: string): number {
    return this.open.get(agentId)?.size ?? 0;
  }

  async stop(): Promise<void> {
    const l = this.listening;
    this.listening = null;
    await (
      await l?.catch(() => null)
    )?.();
  }
}
