import { describe, expect, it } from 'vitest';
import type { DecisionRequest } from '@coup/protocol';
import { IN_PROCESS_SLICE_MS, inProcessAgent } from './in-process';
import { runMatch } from './run';

const never = new AbortController().signal;
const first = (req: DecisionRequest) => ({ action: req.legalActions[0] });

describe('inProcessAgent', () => {
  it('never decides inside the call that asks it', async () => {
    let decided = false;
    const agent = inProcessAgent('a', (req) => {
      decided = true;
      return first(req);
    });
    const answer = agent.decide({ legalActions: [{ type: 'income' }] } as unknown as DecisionRequest, never);
    expect(decided).toBe(false);
    await expect(answer).resolves.toEqual({ action: { type: 'income' } });
  });

  it('turns a throw into a rejected promise', async () => {
    const agent = inProcessAgent('a', () => {
      throw new Error('bot bug');
    });
    await expect(agent.decide({} as DecisionRequest, never)).rejects.toThrow('bot bug');
  });

  it('lets the event loop turn at least every slice while bots play match after match', async () => {
    // A bot that thinks for a twentieth of a slice each decision.
    const busy = (req: DecisionRequest) => {
      const end = performance.now() + IN_PROCESS_SLICE_MS / 20;
      while (performance.now() < end);
      return first(req);
    };
    let turns = 0;
    let playing = true;
    const tick = () => {
      turns++;
      if (playing) setImmediate(tick);
    };
    setImmediate(tick);
    const agents = [0, 1].map((i) => inProcessAgent(`bot${i}`, busy));
    let decisions = 0;
    for (let m = 0; m < 10; m++) {
      decisions += (await runMatch({ matchId: `slice-${m}`, seed: `slice-${m}`, agents })).steps.length;
    }
    playing = false;
    expect(decisions).toBeGreaterThan(200);
    // Not one turn for the whole of it, nor one per decision (360 and 0 turns before and without slices;
    // ~55 with them: a slice, a match start or end). A process preempted mid-slice gets more, never fewer.
    expect(turns).toBeGreaterThan(decisions / 80);
    expect(turns).toBeLessThan(decisions / 3);
  });
});
