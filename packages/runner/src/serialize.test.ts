import { describe, expect, it } from 'vitest';
import type { DecisionRequest } from '@coup/protocol';
import { inProcessAgent } from './in-process';
import { runMatch } from './run';
import { requestJson } from './serialize';
import { seededPicker } from '@coup/random';

describe('requestJson', () => {
  it('is JSON.stringify(request), byte for byte, for every request of matches', async () => {
    let checked = 0;
    const names = ['plain', '"history":[]', 'quote " and \\ backslash', 'ünïcødé ✓'];
    for (const seed of ['j1', 'j2', 'j3']) {
      const agents = names.map((name, seat) => {
        const pick = seededPicker(seat + 1);
        const agent = inProcessAgent(name, (req: DecisionRequest) => {
          expect(requestJson(req)).toBe(JSON.stringify(req));
          checked++;
          return { action: req.legalActions[pick(req.legalActions.length)] };
        });
        // Deltas (protocol 2) too, with and without the prompt.
        if (seat === 1) agent.wire = { historyMode: 'delta', wantsPrompt: false };
        if (seat === 2) agent.wire = { historyMode: 'delta', wantsPrompt: true };
        return agent;
      });
      await runMatch({
        matchId: `mt_${seed}`,
        seed,
        agents,
        strategyPrompts: ['"history":[] trap', undefined],
      });
    }
    expect(checked).toBeGreaterThan(30);
  });

  it('falls back to JSON.stringify for requests it did not build', () => {
    const req = { type: 'decision', history: [{ event: 'x', turn: 0 }] } as unknown as DecisionRequest;
    expect(requestJson(req)).toBe(JSON.stringify(req));
  });
});
