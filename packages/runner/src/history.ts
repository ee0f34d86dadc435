import { eventFor } from '@coup/engine';
import type { GameEvent } from '@coup/engine';
import { historyEntry } from '@coup/protocol';
import type { HistoryEntry } from '@coup/protocol';
import { rememberHistoryJson } from './serialize';

/**
 * Each seat's public history, kept incrementally: every event is redacted once per seat when it happens,
 * so building a request never walks the whole match again. Entries of events nobody needs redacted are
 * shared between seats, frozen so an in-process bot cannot change what the other seats see. Each entry is
 * serialised at most once, and only when a request that holds it is serialised (HTTP and WebSocket agents).
 */
export class HistoryBook {
  private readonly entries: HistoryEntry[][];
  /** By seat: each entry's JSON, filled in on demand (see json()). */
  private readonly jsons: string[][];
  /** By seat: the JSON of its first `count` entries, comma-separated. */
  private readonly prefix: { json: string; count: number }[];

  constructor(seats: number) {
    this.entries = Array.from({ length: seats }, () => []);
    this.jsons = Array.from({ length: seats }, () => []);
    this.prefix = Array.from({ length: seats }, () => ({ json: '', count: 0 }));
  }

  push(events: readonly GameEvent[]): void {
    for (const e of events) {
      let shared: HistoryEntry | null = null;
      for (let seat = 0; seat < this.entries.length; seat++) {
        const seen = eventFor(e, seat);
        let entry: HistoryEntry;
        if (seen === e) entry = shared ??= Object.freeze(historyEntry(e));
        else entry = Object.freeze(historyEntry(seen));
        (this.entries[seat] as HistoryEntry[]).push(entry);
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
   * bot), whose JSON is remembered lazily so serialising the request does not walk it again.
   */
  snapshot(seat: number, from = 0): HistoryEntry[] {
    const list = this.entries[seat] as HistoryEntry[];
    const copy = list.slice(from);
    const end = list.length;
    rememberHistoryJson(copy, () => this.json(seat, from, end));
    return copy;
  }

  /** The JSON of entries [from, end) of the seat's history, comma-separated; each entry serialised once. */
  private json(seat: number, from: number, end: number): string {
    const list = this.entries[seat] as HistoryEntry[];
    const cache = this.jsons[seat] as string[];
    for (let i = cache.length; i < end; i++) cache.push(JSON.stringify(list[i]));
    if (from !== 0) return cache.slice(from, end).join(',');
    // Whole histories (full mode) grow the seat's joined prefix instead of joining it all again.
    let p = this.prefix[seat] as { json: string; count: number };
    if (p.count > end) p = { json: '', count: 0 };
    let json = p.json;
    for (let i = p.count; i < end; i++)
      json = i === 0 ? (cache[0] as string) : `${json},${cache[i] as string}`;
    this.prefix[seat] = { json, count: end };
    return json;
  }
}
