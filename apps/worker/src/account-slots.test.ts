import { describe, expect, it } from 'vitest';
import { AccountSlots } from './account-slots';

describe('AccountSlots', () => {
  it('gives each account at most its share, and the slot back when a match ends', () => {
    const slots = new AccountSlots(2);
    expect(slots.take('acc_a')).toBe(true);
    expect(slots.take('acc_a')).toBe(true);
    expect(slots.take('acc_a')).toBe(false);
    // Another account is not held back by the first.
    expect(slots.take('acc_b')).toBe(true);
    expect(slots.of('acc_a')).toBe(2);
    slots.release('acc_a');
    expect(slots.of('acc_a')).toBe(1);
    expect(slots.take('acc_a')).toBe(true);
    slots.release('acc_a');
    slots.release('acc_a');
    slots.release('acc_a');
    expect(slots.of('acc_a')).toBe(0);
  });
});
