import type { EventMatchRecord } from './standings';

/** How often each pair of agents already sat at one table. */
export class Meetings {
  private readonly counts = new Map<string, number>();

  private static key(a: string, b: string): string {
    return a < b ? `${a}\n${b}` : `${b}\n${a}`;
  }

  /** Every table of the history except aborted matches (those games never happened). */
  static fromHistory(history: readonly EventMatchRecord[]): Meetings {
    const m = new Meetings();
    for (const match of history) {
      if (match.status === 'aborted') continue;
      m.addTable(match.seats.map((s) => s.agentId));
    }
    return m;
  }

  addTable(ids: readonly string[]): void {
    for (let i = 0; i < ids.length; i++) {
      for (let j = i + 1; j < ids.length; j++) {
        const k = Meetings.key(ids[i] as string, ids[j] as string);
        this.counts.set(k, (this.counts.get(k) ?? 0) + 1);
      }
    }
  }

  count(a: string, b: string): number {
    return this.counts.get(Meetings.key(a, b)) ?? 0;
  }

  /** Past meetings between `id` and the agents already at a table. */
  with(id: string, table: readonly string[]): number {
    return table.reduce((sum, other) => sum + this.count(id, other), 0);
  }

  /** Past meetings of every pair at a table: the repeats this table would add. */
  ofTable(table: readonly string[]): number {
    let sum = 0;
    for (let i = 0; i < table.length; i++) sum += this.with(table[i] as string, table.slice(i + 1));
    return sum;
  }
}
