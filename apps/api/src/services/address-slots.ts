/**
 * Open connections per client address on this API instance, capped: a client may hold `max` at once.
 * In memory, so with several API instances the cap applies per instance.
 */
export class AddressSlots {
  private readonly held = new Map<string, number>();

  constructor(readonly max: number) {}

  /** Takes a slot for the address; false (and nothing taken) when it already holds `max`. */
  take(address: string): boolean {
    const n = this.held.get(address) ?? 0;
    if (n >= this.max) return false;
    this.held.set(address, n + 1);
    return true;
  }

  release(address: string): void {
    const n = this.held.get(address) ?? 0;
    if (n <= 1) this.held.delete(address);
    else this.held.set(address, n - 1);
  }

  count(address: string): number {
    return this.held.get(address) ?? 0;
  }
}
