import { describe, expect, it } from 'vitest';
import type { DecisionRequest } from '@coup/protocol';
import { inProcessAgent } from './in-process';

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
});
