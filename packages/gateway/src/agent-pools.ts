import type { Pool, buildConnector } from 'undici';
import { agentPool } from '@coup/runner';

/** A pool nobody has used for this long is closed. */
export const AGENT_POOL_IDLE_MS = 60_000;

/**
 * One keep-alive connection pool per http agent and endpoint origin, shared by that agent's players in
 * every match of this process: a match reuses the connections of the previous ones instead of opening
 * (and the agent accepting) new ones. Every new connection still goes through the AGENT_ADDRESSES
 * connector. A pool is closed once unused for AGENT_POOL_IDLE_MS.
 */
export class AgentPools {
  private readonly pools = new Map<string, { pool: Pool; users: number; idleSince: number }>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly connect: buildConnector.connector) {
    this.timer = setInterval(() => this.sweep(), AGENT_POOL_IDLE_MS / 2);
    this.timer.unref();
  }

  /** The pool for `agentId` at `url`'s origin, and how to give it back when the match is over. */
  take(agentId: string, url: string): { pool: Pool; release: () => void } {
    const key = `${agentId} ${new URL(url).origin}`;
    let entry = this.pools.get(key);
    if (!entry) {
      entry = { pool: agentPool(new URL(url).origin, { connect: this.connect }), users: 0, idleSince: 0 };
      this.pools.set(key, entry);
    }
    entry.users++;
    const e = entry;
    let released = false;
    return {
      pool: e.pool,
      release: () => {
        if (released) return;
        released = true;
        if (--e.users === 0) e.idleSince = Date.now();
      },
    };
  }

  get size(): number {
    return this.pools.size;
  }

  private sweep(now = Date.now()): void {
    for (const [key, e] of this.pools) {
      if (e.users === 0 && now - e.idleSince >= AGENT_POOL_IDLE_MS) {
        this.pools.delete(key);
        void e.pool.close().catch(() => undefined);
      }
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    const all = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(all.map((e) => e.pool.close().catch(() => undefined)));
  }
}
