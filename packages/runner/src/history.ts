import { eventFor } from '@coup/engine';
import type { GameEvent } from '@coup/engine';
import { historyEntry } from '@coup/protocol';
import type { HistoryEntry } from '@coup/protocol';
import { rememberHistoryJson } from './serialize';

/**
 * Each seat's public history, kept incrementally: every event is redacted once per seat when it happens
 * (and serialised once), so building and sending a request never walks the whole match again. Entries
 * of events nobody needs redacted are shared between seats, frozen so an in-process bot cannot change
 * what the other seats see.
 */
export class HistoryBook {
  private readonly entries: HistoryEntry[][];
  /** By seat: the JSON of its entries, comma-separated (the inside of the JSON array). */
  private readonly json: string[];

  constructor(seats: number) {
    this.entries = Array.from({ length: seats }, () => []);
    this.json = new Array<string>(seats).fill('');
  }

  push(events: readonly GameEvent[]): void {
    for (const e of events) {
      let shared: HistoryEntry | null = null;
      let sharedJson = '';
      for (let seat = 0; seat < this.entries.length; seat++) {
        const seen = eventFor(e, seat);
        let entry: HistoryEntry;
        let json: string;
        if (seen === e) {
          if (shared === null) {
            shared = Object.freeze(historyEntry(e));
            sharedJson = JSON.stringify(shared);
          }
          entry = shared;
          json = sharedJson;
        } else {
          entry = Object.freeze(historyEntry(seen));
          json = JSON.stringify(entry);
        }
        const list = this.entries[seat] as HistoryEntry[];
        this.json[seat] = list.length === 0 ? json : `${this.json[seat]},${json}`;
        list.push(entry);
      }
    }
  }

  /** A copy of the seat's history so far (the request may outlive this moment, e.g. in a bot). */
  snapshot(seat: number): HistoryEntry[] {
    const copy = (this.entries[seat] as HistoryEntry[]).slice();
    rememberHistoryJson(copy, this.json[seat] as string);
    return copy;
  }
}
