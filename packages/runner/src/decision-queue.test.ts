import { describe, expect, it } from 'vitest';
import { MAX_RUN, queueDecision } from './decision-queue';

const turn = () => new Promise<void>((r) => setImmediate(r));
const idle = async () => {
  for (let i = 0; i < 4 * MAX_RUN; i++) await turn();
};

describe('queueDecision', () => {
  it("runs a match's decisions in the order asked, each after the microtasks of the one before", async () => {
    const log: string[] = [];
    for (const d of ['a', 'b', 'c']) {
      queueDecision('m1', () => {
        log.push(d);
        // What the runner does with an answer: promise continuations, before the next decision runs.
        void Promise.resolve()
          .then(() => undefined)
          .then(() => log.push(`${d} taken in`));
      });
    }
    await idle();
    expect(log).toEqual(['a', 'a taken in', 'b', 'b taken in', 'c', 'c taken in']);
  });

  it('keeps to one match while it has work, and hands over after MAX_RUN decisions in a row', async () => {
    const log: string[] = [];
    // Match "busy" asks its next decision from each one it runs (as a match of bots does).
    let left = MAX_RUN + 5;
    const busy = () => {
      log.push('busy');
      if (--left > 0) queueDecision('busy', busy);
    };
    queueDecision('busy', busy);
    queueDecision('other', () => log.push('other'));
    await idle();
    // "busy" was asked first and runs first; "other" waits at most MAX_RUN decisions of it.
    expect(log.slice(0, 2)).toEqual(['busy', 'busy']);
    const other = log.indexOf('other');
    expect(other).toBeGreaterThan(0);
    expect(other).toBeLessThanOrEqual(MAX_RUN);
    expect(log.filter((x) => x === 'busy')).toHaveLength(MAX_RUN + 5);
  });

  it('turns the event loop as often as one setImmediate per decision would: a match never holds it', async () => {
    let decisions = 0;
    let stop = false;
    const forever = () => {
      decisions++;
      if (!stop) queueDecision('forever', forever);
    };
    queueDecision('forever', forever);
    // A timer meets a loop that keeps turning, however much work the match has.
    await new Promise((r) => setTimeout(r, 20));
    stop = true;
    await idle();
    expect(decisions).toBeGreaterThan(1);
  });

  it('gives a request without a match id its turn too', async () => {
    let ran = false;
    queueDecision(undefined as unknown as string, () => (ran = true));
    await idle();
    expect(ran).toBe(true);
  });
});
