// One matchmaking pass, pure: who plays whom among the agents waiting in the ranked queue.

export interface Candidate {
  agentId: string;
  ownerId: string;
  rating: number;
  rd: number;
  /** Ranked matches played recently (fewest first: newcomers get games). */
  recentGames: number;
  /** How long the agent has been waiting for a match. */
  waitingMs: number;
  /** House agents (the built-in bots) may share an owner and sit in several matches at once. */
  house: boolean;
}

export interface MatchmakingConfig {
  /** Seats per match (2-6). */
  seats: number;
  /** After waiting this long, an agent may get a smaller table (at least 2 seats). */
  smallTableAfterMs: number;
  /** Rating window around the seed agent, widened by waiting time. */
  baseWindow: number;
  widenPerMinute: number;
  maxWindow: number;
  /** Agents of one (non-house) owner per match: 1 means no self-collusion. */
  maxPerOwner: number;
  /** Form no match of house agents only (they would play each other forever). */
  requireNonHouse: boolean;
  /** How far to look on each side of the seed for eligible neighbours. */
  maxScan: number;
}

export const DEFAULT_MATCHMAKING: MatchmakingConfig = {
  seats: 4,
  smallTableAfterMs: 30_000,
  baseWindow: 150,
  widenPerMinute: 150,
  maxWindow: 1500,
  maxPerOwner: 1,
  requireNonHouse: true,
  maxScan: 64,
};

export function windowFor(c: Candidate, cfg: MatchmakingConfig): number {
  return Math.min(cfg.maxWindow, cfg.baseWindow + (cfg.widenPerMinute * c.waitingMs) / 60_000);
}

/**
 * Groups candidates into matches. Seeds are taken in priority order (fewest recent games, then highest RD,
 * then longest wait); each seed is joined by its nearest neighbours in rating within its window, skipping
 * agents that would break the per-owner limit. O(n log n + n * maxScan): a queue of 10,000 agents takes
 * milliseconds.
 */
export function formMatches(
  candidates: readonly Candidate[],
  cfg: MatchmakingConfig = DEFAULT_MATCHMAKING,
): string[][] {
  const n = candidates.length;
  const byRating = candidates
    .map((_, i) => i)
    .sort(
      (a, b) =>
        candidates[a]!.rating - candidates[b]!.rating || cmp(candidates[a]!.agentId, candidates[b]!.agentId),
    );
  const pos = new Int32Array(n);
  byRating.forEach((c, p) => (pos[c] = p));
  // A doubly linked list over the rating order, of agents not yet placed.
  const prev = new Int32Array(n).map((_, p) => p - 1);
  const next = new Int32Array(n).map((_, p) => (p + 1 < n ? p + 1 : -1));
  const placed = new Uint8Array(n);
  const unlink = (p: number) => {
    const a = prev[p]!;
    const b = next[p]!;
    if (a >= 0) next[a] = b;
    if (b >= 0) prev[b] = a;
    placed[p] = 1;
  };

  const order = candidates
    .map((_, i) => i)
    .sort((a, b) => {
      const x = candidates[a]!;
      const y = candidates[b]!;
      return (
        x.recentGames - y.recentGames || y.rd - x.rd || y.waitingMs - x.waitingMs || cmp(x.agentId, y.agentId)
      );
    });

  const groups: string[][] = [];
  for (const seedIndex of order) {
    const sp = pos[seedIndex]!;
    if (placed[sp]) continue;
    const seed = candidates[seedIndex]!;
    const window = windowFor(seed, cfg);
    const members = [sp];
    const owners = new Map<string, number>();
    const ownerOk = (c: Candidate) => c.house || (owners.get(c.ownerId) ?? 0) < cfg.maxPerOwner;
    const addOwner = (c: Candidate) => !c.house && owners.set(c.ownerId, (owners.get(c.ownerId) ?? 0) + 1);
    addOwner(seed);
    let left = prev[sp]!;
    let right = next[sp]!;
    let scanned = 0;
    while (members.length < cfg.seats && scanned < 2 * cfg.maxScan) {
      const dl = left >= 0 ? seed.rating - candidates[byRating[left]!]!.rating : Infinity;
      const dr = right >= 0 ? candidates[byRating[right]!]!.rating - seed.rating : Infinity;
      if (Math.min(dl, dr) > window) break;
      const p = dl <= dr ? left : right;
      if (p === left) left = prev[left]!;
      else right = next[right]!;
      scanned++;
      const c = candidates[byRating[p]!]!;
      if (!ownerOk(c)) continue;
      members.push(p);
      addOwner(c);
    }
    const full = members.length === cfg.seats;
    const small = members.length >= 2 && seed.waitingMs >= cfg.smallTableAfterMs;
    if (!full && !small) continue;
    const chosen = members.map((p) => candidates[byRating[p]!]!);
    if (cfg.requireNonHouse && chosen.every((c) => c.house)) continue;
    for (const p of members) unlink(p);
    groups.push(chosen.map((c) => c.agentId));
  }
  return groups;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
