import { HistoryMemory } from '@coup/protocol';
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
 * "History modes"), so `decide` sees the whole history as in protocol 1: the protocol's `HistoryMemory`
 * folding entries into a list. A request sent again, or one that repeats events the platform was not sure
 * the agent got, adds nothing twice. Keeps the `limit` most recent matches; `forget` drops one at its end.
 */
export class MatchMemory {
  private readonly memory: HistoryMemory<HistoryEntry[]>;

  constructor(limit = 256) {
    this.memory = new HistoryMemory<HistoryEntry[]>(
      () => [],
      (list, entry) => list.push(entry),
      limit,
    );
  }

  get size(): number {
    return this.memory.size;
  }

  remember(req: DecisionRequest): Remembered {
    if (req.historyFrom === undefined) return { req, complete: true }; // protocol 1: already whole
    const { state, complete } = this.memory.recall(req);
    if (!complete) return { req, complete: false };
    return { req: { ...req, history: state.slice(), historyFrom: 0 }, complete: true };
  }

  /** Drops a match's memory (its match_end). */
  forget(matchId: string, seat: number): void {
    this.memory.forget(matchId, seat);
  }
}
