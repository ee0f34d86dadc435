import { describe, expect, it } from 'vitest';
import { FORCED_COUP_COINS, RULESETS, RULESET_IDS, TURN_CAP } from '@coup/engine';
import { systemMessage } from './conversation';
import { rulesText } from './rules';
import { STAND_IN_DULL, STAND_IN_SHARP } from './testing/index';

describe('the rules a model is told', () => {
  it.each(RULESET_IDS)("are generated from the engine's ruleset (%s)", (id) => {
    const rules = RULESETS[id];
    const text = rulesText(id);
    for (const a of rules.actions) {
      const line = text.split('\n').find((l) => l.startsWith(`- ${a.type}:`));
      expect(line, a.type).toBeDefined();
      if (a.cost > 0) expect(line).toContain(`costs ${a.cost} coins`);
      if (a.claim) expect(line).toContain(`claims ${a.claim}`);
      for (const r of a.blockers) expect(line).toContain(r);
    }
    const n = rules.roles.length * rules.copiesPerRole;
    expect(text).toContain(`${rules.copiesPerRole} copies each of ${rules.roles.join(', ')} (${n} cards)`);
    expect(text).toContain(`With ${FORCED_COUP_COINS} or more coins you must coup`);
    expect(text).toContain(`after ${TURN_CAP} turns`);
    expect(text).toContain('{"action": <one of the listed actions, copied exactly>}');
  });

  it("tell the Inquisitor game's own rules, and none of the other game's", () => {
    const text = rulesText('inquisitors');
    expect(text).toContain('variant "inquisitors"');
    expect(text).not.toContain('ambassador');
    expect(text).toContain(
      '- exchange: draw 1 card from the deck, then return 1 card of your choice; claims inquisitor',
    );
    expect(text).toContain('- interrogate: the target shows you one of its face-down cards');
    expect(text).toContain('the target may block it claiming captain or inquisitor');
    expect(text).toContain('only the two seats learn the');
    expect(rulesText('original')).not.toContain('inquisitor');
    expect(rulesText('original')).toContain('draw 2 cards from the deck, then return 2 cards of your choice');
    expect(rulesText()).toBe(rulesText('original'));
  });

  it('hold no stand-in marker, so only a strategy prompt can carry one', () => {
    expect(rulesText()).not.toContain(STAND_IN_SHARP);
    expect(rulesText()).not.toContain(STAND_IN_DULL);
    expect(systemMessage('be bold')).toMatch(/STRATEGY \(from the agent's author\)\nbe bold$/);
    expect(systemMessage(null)).toBe(rulesText());
    expect(systemMessage(null, 'inquisitors')).toBe(rulesText('inquisitors'));
  });
});
