import type { HistoryEntry } from './game';
import type { DecisionRequest } from './messages';

/** What a memory knows of a match: its fold of the history, and whether any event was missing. */
export interface Recalled<S> {
  state: S;
  /** False when events are missing (the agent started mid-match): its answer asks for the whole history. */
  complete: boolean;
}

interface Slot<S> {
  state: S;
  /** How many history entries are folded into `state`. */
  seen: number;
  complete: boolean;
}

/**
 * An agent's memory of each match (by match and seat): a fold of the public history, advanced with each
 * request's new entries only, so a decision never re-reads the whole history. The bots fold it into their
 * records; the SDK folds it into the whole list of entries (`MatchMemory`). Works with both protocols: a
 * protocol 1 request (the whole history) folds the entries past those already seen; a protocol 2 delta
 * (PROTOCOL.md "History modes") folds its entries by index (`historyFrom`), skipping any it repeats (a
 * seat's history never changes). A whole history shorter than what was seen (the match was played again
 * from the start) starts over. Keeps the `limit` most recent matches; `forget` drops one at its end.
 */
export class HistoryMemory<S> {
  private readonly slots = new Map<string, Slot<S>>();

  constructor(
    private readonly init: () => S,
    private readonly step: (state: S, entry: HistoryEntry) => void,
    private readonly limit = 64,
  ) {}

  /** How many matches are remembered. */
  get size(): number {
    return this.slots.size;
  }

  recall(req: DecisionRequest): Recalled<S> {
    const key = slotKey(req.matchId, req.seat);
    const from = req.historyFrom ?? 0;
    const history = req.history;
    let slot = this.slots.get(key);
    // A whole history (historyFrom 0) starts over when the memory missed events, or saw more than it
    // holds (the match is being played again); otherwise it only adds what is new.
    if (!slot || (from === 0 && (!slot.complete || history.length < slot.seen))) {
      slot = { state: this.init(), seen: 0, complete: true };
    }
    if (from > slot.seen) {
      // A gap: fold what came, knowing the record misses events (the answer asks for the whole history).
      slot.complete = false;
      slot.seen = from;
    }
    for (let i = slot.seen - from; i < history.length; i++) this.step(slot.state, history[i] as HistoryEntry);
    if (from + history.length > slot.seen) slot.seen = from + history.length;
    this.touch(key, slot);
    return { state: slot.state, complete: slot.complete };
  }

  /** Drops a match's memory (its match_end). */
  forget(matchId: string, seat: number): void {
    this.slots.delete(slotKey(matchId, seat));
  }

  private touch(key: string, slot: Slot<S>): void {
    // Most recently used last: a Map iterates in insertion order.
    this.slots.delete(key);
    this.slots.set(key, slot);
    while (this.slots.size > this.limit) {
      const oldest = this.slots.keys().next().value;
      if (oldest === undefined) break;
      this.slots.delete(oldest);
    }
  }
}

function slotKey(matchId: string, seat: number): string {
  return `${matchId}\u0000${seat}`;
}
