import { describe, expect, it } from 'vitest';
import { AgentSecrets } from './agent-secrets';

/** A database stand-in whose reads finish when the test says so. */
function slowStore(initial: string) {
  let secret = initial;
  const reads: ((s: string) => void)[] = [];
  const secrets = new AgentSecrets(
    () =>
      new Promise<string>((resolve) => {
        reads.push(resolve);
      }),
  );
  return {
    secrets,
    set: (s: string) => void (secret = s),
    /** Finishes the oldest pending read with the secret stored now. */
    finishRead: () => reads.shift()?.(secret),
    pendingReads: () => reads.length,
  };
}

describe('AgentSecrets', () => {
  it('signs with the held secret until a rotation, then re-reads it once before the next request', async () => {
    const db = slowStore('one');
    const handle = db.secrets.hold('ag_1', 'one');
    expect(handle.current()).toBe('one');
    db.set('two');
    db.secrets.rotated('ag_1');
    const a = handle.current();
    const b = handle.current();
    expect(a).toBeInstanceOf(Promise);
    expect(db.pendingReads()).toBe(1); // concurrent requests share one read
    db.finishRead();
    expect([await a, await b]).toEqual(['two', 'two']);
    expect(handle.current()).toBe('two');
  });

  it('reads again when the secret is rotated twice while the first read runs', async () => {
    const db = slowStore('one');
    const handle = db.secrets.hold('ag_1', 'one');
    db.set('two');
    db.secrets.rotated('ag_1');
    const first = handle.current();
    db.set('three');
    db.secrets.rotated('ag_1');
    db.finishRead();
    await first;
    const second = handle.current();
    expect(second).toBeInstanceOf(Promise);
    db.finishRead();
    expect(await second).toBe('three');
  });

  it('only touches holders of the rotated agent, retries a failed read, and forgets released handles', async () => {
    let fail = true;
    const secrets = new AgentSecrets(async (id) => {
      if (fail) throw new Error('database unreachable');
      return `${id}-new`;
    });
    const a = secrets.hold('ag_a', 'a-old');
    const b = secrets.hold('ag_b', 'b-old');
    secrets.rotated('ag_a');
    expect(b.current()).toBe('b-old');
    await expect(a.current()).rejects.toThrow(/unreachable/);
    fail = false;
    expect(await a.current()).toBe('ag_a-new');
    expect(secrets.size).toBe(2);
    a.release();
    b.release();
    expect(secrets.size).toBe(0);
  });
});
