import { describe, expect, it } from 'vitest';
import { RULESET_IDS, RULESETS } from '@coup/engine';
import { RULESET_CHOICES, rulesetName, rulesetOrDefault, rulesetSummary } from './client/rulesets';

// The web UI's ruleset words: the choices are the engine's RULESET_IDS; the deck and exchange come from
// the engine's RULESETS; a record older than rulesets (no ruleset) is `original`.

describe('the web UI’s rulesets', () => {
  it('offers every ruleset of the engine, each with a name', () => {
    expect(RULESET_CHOICES).toEqual(RULESET_IDS);
    for (const id of RULESET_IDS) expect(rulesetName(id)).toMatch(/^[A-Z]\w+$/);
    expect(RULESET_CHOICES.map(rulesetName)).toEqual(['Original', 'Inquisitors']);
  });

  it('reads an unknown or missing ruleset as the default', () => {
    expect(rulesetOrDefault('inquisitors')).toBe('inquisitors');
    expect(rulesetOrDefault(null)).toBe('original');
    expect(rulesetOrDefault('reformation')).toBe('original');
    expect(rulesetName(undefined)).toBe('Original');
  });

  it('sums up each deck and exchange from the engine’s rules', () => {
    expect(rulesetSummary('inquisitors')).toBe(
      'Inquisitors: 15 cards, 3 each of Duke, Assassin, Captain, Inquisitor, Contessa; exchange claims ' +
        'Inquisitor and draws 1 card; new action: interrogate.',
    );
    expect(rulesetSummary('original')).toBe(
      'Original: 15 cards, 3 each of Duke, Assassin, Captain, Ambassador, Contessa; exchange claims ' +
        'Ambassador and draws 2 cards.',
    );
    expect(RULESETS.inquisitors.exchangeDraw).toBe(1);
  });
});
