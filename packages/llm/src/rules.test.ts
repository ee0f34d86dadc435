import { describe, expect, it } from 'vitest';
import { BLOCK_ROLES, COST, FORCED_COUP_COINS, TURN_ACTIONS, TURN_CAP } from '@coup/engine';
import { systemMessage } from './conversation';
import { rulesText } from './rules';
import { STAND_IN_DULL, STAND_IN_SHARP } from './testing/index';

describe('the rules a model is told', () => {
  it("are generated from the engine's constants", () => {
    const text = rulesText();
    for (const a of TURN_ACTIONS) {
      const line = text.split('\n').find((l) => l.startsWith(`- ${a}:`));
      expect(line, a).toBeDefined();
      if (COST[a] > 0) expect(line).toContain(`costs ${COST[a]} coins`);
      for (const r of BLOCK_ROLES[a]) expect(line).toContain(r);
    }
    expect(text).toContain(`With ${FORCED_COUP_COINS} or more coins you must coup`);
    expect(text).toContain(`after ${TURN_CAP} turns`);
    expect(text).toContain('{"action": <one of the listed actions, copied exactly>}');
  });

  it('hold no stand-in marker, so only a strategy prompt can carry one', () => {
    expect(rulesText()).not.toContain(STAND_IN_SHARP);
    expect(rulesText()).not.toContain(STAND_IN_DULL);
    expect(systemMessage('be bold')).toMatch(/STRATEGY \(from the agent's author\)\nbe bold$/);
    expect(systemMessage(null)).toBe(rulesText());
  });
});
