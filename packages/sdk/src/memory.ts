import type { DecisionRequest, HistoryEntry } from '@coup/protocol';

/** What MatchMemory made of a request: the request with the whole history, or the gap it found. */
export interface Remembered {
  /** The request with `history` the seat's whole history so far (historyFrom 0), when complete. */
  req: DecisionRequest;
  /** False when events are missing (the agent restarted mid-match): answer with `"history": "full"`. */
  complete: boolean;
}

/**
 * The history of each match an agent plays, accumulated from protocol 2's delta requests (PROTOCOL.md
 * "History modes"), so `decide` sees the whole history as in protocol 1. Entries are appended by index
 * (`historyFrom`): a request sent again, or one that repeats events the platform was not sure the agent
 * got, adds nothing twice. Keeps the `limit` most recent matches; `forget` drops one at its end.
 */
export class MatchMemory {
  private readonly matches = new Map<string, HistoryEntry[]>();

  constructor(private readonly limit = 256) {}

  get size(): number {
    return this.matches.size;
  }

  remember(req: DecisionRequest): Remembered {
    if (req.historyFrom === undefined) return { req, complete: true }; // protocol 1: already whole
    const key = `${req.matchId}\u0000${req.seat}`;
    const from = req.historyFrom;
    let known = this.matches.get(key);
    if (from === 0 || !known) {
      // The whole history (or a first request), or a match this memory has not seen from its start.
      known = from === 0 ? req.history.slice() : [];
      this.touch(key, known);
      if (from !== 0) return { req, complete: false };
    } else if (from > known.length) {
      return { req, complete: false };
    } else {
      // Overlap: entries before known.length are the same ones (a seat's history never changes).
      for (let i = known.length - from; i < req.history.length; i++)
        known.push(req.history[i] as HistoryEntry);
      this.touch(key, known);
    }
    return { req: { ...req, history: known.slice(), historyFrom: 0 }, complete: true };
  }

  /** Drops a match's memory (its match_end). */
  forget(matchId: string, seat: number): void {
    this.matches.delete(`${matchId}\u0000${seat}`);
  }

  private touch(key: string, history: HistoryEntry[]): void {
    // Most recently used last: a Map iterates in insertion order.
    this.matches.delete(key);
    this.matches.set(key, history);
    while (this.matches.size > this.limit) {
      const oldest = this.matches.keys().next().value;
      if (oldest === undefined) break;
      this.matches.delete(oldest);
    }
  }
}
