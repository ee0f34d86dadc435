import { eventFor } from '@coup/engine';
import type { GameEvent } from '@coup/engine';
import { historyEntry } from '@coup/protocol';
import type { HistoryEntry } from '@coup/protocol';

/**
 * Each seat's public history, kept incrementally: every event is redacted once per seat when it happens,
 * so building a request never walks the whole match again. Entries of events nobody needs redacted are
 * shared between seats (they are never mutated).
 */
export class HistoryBook {
  private readonly bySeat: HistoryEntry[][];

  constructor(seats: number) {
    this.bySeat = Array.from({ length: seats }, () => []);
  }

  push(events: readonly GameEvent[]): void {
    for (const e of events) {
      let shared: HistoryEntry | null = null;
      for (let seat = 0; seat < this.bySeat.length; seat++) {
        const seen = eventFor(e, seat);
        let entry: HistoryEntry;
        if (seen === e) entry = shared ??= historyEntry(e);
        else entry = historyEntry(seen);
        (this.bySeat[seat] as HistoryEntry[]).push(entry);
      }
    }
  }

  /** A copy of the seat's history so far (the request may outlive this moment, e.g. in a bot). */
  snapshot(seat: number): HistoryEntry[] {
    return (this.bySeat[seat] as HistoryEntry[]).slice();
  }
}
