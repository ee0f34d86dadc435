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
  /** By seat: where each entry's JSON starts in `json` (so a delta's JSON is one slice). */
  private readonly starts: number[][];

  constructor(seats: number) {
    this.entries = Array.from({ length: seats }, () => []);
    this.json = new Array<string>(seats).fill('');
    this.starts = Array.from({ length: seats }, () => []);
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
        const before = this.json[seat] as string;
        if (list.length === 0) {
          (this.starts[seat] as number[]).push(0);
          this.json[seat] = json;
        } else {
          (this.starts[seat] as number[]).push(before.length + 1);
          this.json[seat] = `${before},${json}`;
        }
        list.push(entry);
      }
    }
  }

  /** How many entries the seat's history holds. */
  size(seat: number): number {
    return (this.entries[seat] as HistoryEntry[]).length;
  }

  /** The seat's whole history, read-only and only for the duration of a synchronous call (the prompt). */
  view(seat: number): readonly HistoryEntry[] {
    return this.entries[seat] as HistoryEntry[];
  }

  /**
   * A copy of the seat's history from entry `from` on (the request may outlive this moment, e.g. in a
   * bot), with its JSON remembered so serialising the request does not walk it again.
   */
  snapshot(seat: number, from = 0): HistoryEntry[] {
    const list = this.entries[seat] as HistoryEntry[];
    const copy = list.slice(from);
    const json = this.json[seat] as string;
    if (from === 0) rememberHistoryJson(copy, json);
    else if (from < list.length) rememberHistoryJson(copy, json.slice((this.starts[seat] as number[])[from]));
    else rememberHistoryJson(copy, '');
    return copy;
  }
}
