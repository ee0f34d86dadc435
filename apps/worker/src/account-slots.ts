// One account's share of a worker's slots (docs/DESIGN.md "Sharing the worker slots"). A slot, once a match
// holds it, is held until the match ends (up to MATCH_MAX_MS): taking it back would throw away the run and
// every model call it paid for. So the share is enforced when a slot is given, not when someone else
// arrives: a worker runs at most `perAccount` of one account's matches at once and defers the rest
// (match-worker.ts), which keeps the other slots free for other accounts and for the platform's matches,
// whenever they come. Counted per worker process, in memory: a worker that dies takes its counts with it,
// and its matches' jobs go back to the queue as before.

export class AccountSlots {
  private readonly held = new Map<string, number>();

  constructor(readonly perAccount: number) {}

  /** Takes one of `account`'s slots; false when it already holds its share (the match must wait). */
  take(account: string): boolean {
    const n = this.held.get(account) ?? 0;
    if (n >= this.perAccount) return false;
    this.held.set(account, n + 1);
    return true;
  }

  release(account: string): void {
    const n = this.held.get(account) ?? 0;
    if (n <= 1) this.held.delete(account);
    else this.held.set(account, n - 1);
  }

  /** Slots `account` holds now. */
  of(account: string): number {
    return this.held.get(account) ?? 0;
  }
}
