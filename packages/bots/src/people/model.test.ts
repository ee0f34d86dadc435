import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HOUSE_BOT_KINDS, createBot, isBotKind } from '../index';
import { defaultPeopleModel, PEOPLE_MODEL_FILE } from './default-model';
import { distribution } from './estimate';
import { ACTION_OUTCOMES, actionKeys, LEVELS } from './features';
import { GameCounts, TableCounts, modelFile } from './counts';
import { formatPeopleModel, parsePeopleModel, PeopleModelError } from './model';

const tinyModel = () => {
  const g = new GameCounts();
  g.action.add(actionKeys({ coins: 2, hand: ['duke'], alive: 2, threatened: false, dukeClaimed: false }), 2);
  return modelFile({ original: g }, { description: 'tiny', games: 1, gamesWithPeople: 1 });
};

describe('the people model file', () => {
  it('ships fitted on the treason sample, small, and loads', () => {
    const m = defaultPeopleModel();
    expect(m.source.description).toMatch(/games\.json\.gz/);
    expect(m.source.gamesWithPeople).toBeGreaterThan(400);
    expect(Object.keys(m.games).sort()).toEqual(['inquisitors', 'original']);
    expect(m.games.original?.action.levels).toHaveLength(LEVELS.action);
    expect(statSync(PEOPLE_MODEL_FILE).size).toBeLessThan(300 * 1024);
  });

  it('reads back what it writes', () => {
    const file = tinyModel();
    const m = parsePeopleModel(JSON.parse(formatPeopleModel(file)));
    expect(m.games.original?.action.levels[5]?.get('')).toEqual([0, 0, 1, 0, 0, 0, 0, 0]);
    expect(m.games.inquisitors).toBeUndefined();
  });

  it('refuses a file that is not a model, of another version, or fitted with other features', () => {
    expect(() => parsePeopleModel({})).toThrow(PeopleModelError);
    expect(() => parsePeopleModel({})).toThrow(/not a people model/);
    expect(() => parsePeopleModel(null)).toThrow(/not a people model/);
    expect(() => parsePeopleModel({ ...tinyModel(), version: 7 })).toThrow(/version 7.*reads version 1/);
    const levels = tinyModel();
    levels.games.original!.action.levels.pop();
    expect(() => parsePeopleModel(levels)).toThrow(/original\.action: 5 levels, expected 6/);
    const outcomes = tinyModel();
    outcomes.games.original!.block.outcomes = ['pass', 'duke'];
    expect(() => parsePeopleModel(outcomes)).toThrow(/original\.block: outcomes pass, duke/);
    const row = tinyModel();
    row.games.original!.action.levels[0]!.push(['x', 1, 2]);
    expect(() => parsePeopleModel(row)).toThrow(/row "x" has 2 counts/);
    const negative = tinyModel();
    negative.games.original!.action.levels[5] = [['', -1, 0, 0, 0, 0, 0, 0, 0]];
    expect(() => parsePeopleModel(negative)).toThrow(/not a people model/);
    expect(() => parsePeopleModel({ ...tinyModel(), games: {} })).toThrow(/no game type/);
  });
});

describe('estimates with backoff', () => {
  const t = new TableCounts(['a', 'b'], 3);
  t.add(['fine', 'mid', ''], 0, 8);
  t.add([null, 'mid', ''], 1, 30);
  t.add([null, 'other', ''], 1, 2);

  it('a context seen often speaks for itself; one never seen takes its coarser context', () => {
    const seen = distribution(t.compiled(), ['fine', 'mid', ''], 4);
    const unseen = distribution(t.compiled(), ['never', 'mid', ''], 4);
    const mid = distribution(t.compiled(), [null, 'mid', ''], 4);
    expect(seen[0]).toBeGreaterThan(0.6);
    expect(unseen).toEqual(mid);
    expect(mid[1]).toBeGreaterThan(0.7);
    // The coarsest level, shrunk toward uniform.
    expect(distribution(t.compiled(), [null, null, ''], 4)[1]).toBeCloseTo((32 + 2) / (40 + 4), 6);
    // Nothing known at all: uniform.
    expect(distribution(new TableCounts(['a', 'b'], 1).compiled(), [''], 4)).toEqual([0.5, 0.5]);
  });

  it('sums to 1 over the outcomes', () => {
    const p = distribution(t.compiled(), ['fine', 'mid', ''], 4);
    expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    expect(ACTION_OUTCOMES).toHaveLength(8);
  });
});

describe('people as a built-in bot', () => {
  it('is a bot kind, made by createBot, and a house agent', () => {
    expect(isBotKind('people')).toBe(true);
    expect(createBot('people').name).toBe('people');
    expect(HOUSE_BOT_KINDS).toContain('people');
  });
});
