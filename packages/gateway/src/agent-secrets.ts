/** One HTTP agent playing on this process: yields the secret to sign its next request with. */
export interface SecretHandle {
  current(): string | Promise<string>;
  /** The agent stopped playing (its match ended): forget it. */
  release(): void;
}

interface Holder {
  secret: string;
  /** Bumped by each rotation; the secret is fresh while `loadedGen === gen`. */
  gen: number;
  loadedGen: number;
  loading: Promise<string> | null;
}

/**
 * The secrets of the HTTP agents playing on this process. A match reads its agents' secrets once when it
 * starts; when an agent's secret is rotated (revocation.ts), the next request re-reads it from the database
 * before signing, so from the next decision on nothing is signed with the old secret. Until then signing
 * costs nothing more than before.
 */
export class AgentSecrets {
  private readonly holders = new Map<string, Set<Holder>>();

  constructor(private readonly load: (agentId: string) => Promise<string>) {}

  hold(agentId: string, secret: string): SecretHandle {
    const h: Holder = { secret, gen: 0, loadedGen: 0, loading: null };
    let set = this.holders.get(agentId);
    if (!set) this.holders.set(agentId, (set = new Set()));
    set.add(h);
    return {
      current: () => this.current(agentId, h),
      release: () => {
        const s = this.holders.get(agentId);
        if (s?.delete(h) && s.size === 0) this.holders.delete(agentId);
      },
    };
  }

  /** The agent's secret changed: every holder re-reads it before its next request. */
  rotated(agentId: string): void {
    for (const h of this.holders.get(agentId) ?? []) h.gen++;
  }

  /** How many agents are held (tests: released handles must not pile up). */
  get size(): number {
    return this.holders.size;
  }

  private current(agentId: string, h: Holder): string | Promise<string> {
    if (h.loadedGen === h.gen) return h.secret;
    if (h.loading) return h.loading;
    const gen = h.gen;
    // A failed read leaves the holder stale: this request fails (a transport fault), the next one retries.
    h.loading = this.load(agentId)
      .then((secret) => {
        h.secret = secret;
        h.loadedGen = gen;
        return secret;
      })
      .finally(() => (h.loading = null));
    return h.loading;
  }
}
