import { describe, expect, it } from 'vitest';
import { AgentMessageLimit } from './agent-message-limit';

describe('AgentMessageLimit', () => {
  it('admits perSecond messages per second and refuses the next, until the next second', () => {
    let now = 1_000;
    const limit = new AgentMessageLimit(3, () => now);
    expect([1, 2, 3, 4].map(() => limit.admit())).toEqual([true, true, true, false]);
    now += 999;
    expect(limit.admit()).toBe(false);
    now += 1;
    expect(limit.admit()).toBe(true);
  });

  it('does not count the first answer to each decision sent; a second answer counts', () => {
    let now = 0;
    const limit = new AgentMessageLimit(1, () => now);
    for (let i = 0; i < 50; i++) limit.sent(`d${i}`, now + 1000);
    for (let i = 0; i < 50; i++) expect(limit.admit(`d${i}`)).toBe(true);
    expect(limit.admit('d0')).toBe(true); // counted: the first of this second
    expect(limit.admit('d1')).toBe(false);
    expect(limit.admit('never-sent')).toBe(false);
    now = 5000;
    expect(limit.admit('never-sent')).toBe(true);
  });

  it('forgets decisions past their deadline once many are owed', () => {
    let now = 0;
    const limit = new AgentMessageLimit(1, () => now);
    for (let i = 0; i < 1000; i++) limit.sent(`old${i}`, 100);
    now = 200;
    limit.sent('fresh', 1200);
    expect(limit.admit('old0')).toBe(true); // counted (1 of 1): no longer owed
    expect(limit.admit('old1')).toBe(false);
    expect(limit.admit('fresh')).toBe(true); // still owed
  });
});
