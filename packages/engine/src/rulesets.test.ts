import { describe, expect, it } from 'vitest';
import {
  BLOCK_ROLES,
  CLAIM,
  COST,
  RULESETS,
  ROLES,
  TARGETED,
  TURN_ACTIONS,
  applyAction,
  createGame,
  fullDeck,
  legalActions,
  rulesetOf,
} from './index';
import type { GameState } from './index';
import {
  allCards,
  applyChoice,
  deckFor,
  fullDeckSorted,
  randomChooser,
  playOut,
  roleCounts,
} from './testing';

// A ruleset is a value (issue 20): its roles and deck, each action's cost, claim, target and blockers, how
// many cards an exchange draws and which actions it adds; the state names its ruleset and every rule reads
// it from there.

const table = (id: 'original' | 'inquisitors') =>
  Object.fromEntries(
    RULESETS[id].actions.map((a) => [
      a.type,
      { cost: a.cost, claim: a.claim, targeted: a.targeted, blockers: a.blockers },
    ]),
  );

describe('RULESETS', () => {
  it('original: the five roles with the ambassador, and the seven classic actions', () => {
    const r = RULESETS.original;
    expect(r.id).toBe('original');
    expect(r.roles).toEqual(['duke', 'assassin', 'captain', 'ambassador', 'contessa']);
    expect(roleCounts([...r.deck])).toEqual({ duke: 3, assassin: 3, captain: 3, ambassador: 3, contessa: 3 });
    expect(r.exchangeDraw).toBe(2);
    expect(r.extraActions).toEqual([]);
    expect(table('original')).toEqual({
      income: { cost: 0, claim: null, targeted: false, blockers: [] },
      foreign_aid: { cost: 0, claim: null, targeted: false, blockers: ['duke'] },
      coup: { cost: 7, claim: null, targeted: true, blockers: [] },
      tax: { cost: 0, claim: 'duke', targeted: false, blockers: [] },
      assassinate: { cost: 3, claim: 'assassin', targeted: true, blockers: ['contessa'] },
      steal: { cost: 0, claim: 'captain', targeted: true, blockers: ['captain', 'ambassador'] },
      exchange: { cost: 0, claim: 'ambassador', targeted: false, blockers: [] },
    });
    expect(r.phases).not.toContain('interrogate_show');
  });

  it('inquisitors: the inquisitor replaces the ambassador, exchanges 1 card, blocks steals and interrogates', () => {
    const r = RULESETS.inquisitors;
    expect(r.roles).toEqual(['duke', 'assassin', 'captain', 'inquisitor', 'contessa']);
    expect(r.deck).toHaveLength(15);
    expect(roleCounts([...r.deck], 'inquisitors')).toEqual({
      duke: 3,
      assassin: 3,
      captain: 3,
      inquisitor: 3,
      contessa: 3,
    });
    expect(r.exchangeDraw).toBe(1);
    expect(r.extraActions).toEqual(['interrogate']);
    expect(table('inquisitors')).toEqual({
      ...table('original'),
      steal: { cost: 0, claim: 'captain', targeted: true, blockers: ['captain', 'inquisitor'] },
      exchange: { cost: 0, claim: 'inquisitor', targeted: false, blockers: [] },
      interrogate: { cost: 0, claim: 'inquisitor', targeted: true, blockers: [] },
    });
    expect(r.phases).toEqual([
      'action',
      'challenge_action',
      'block',
      'challenge_block',
      'lose_influence',
      'exchange_return',
      'interrogate_show',
      'interrogate_decide',
      'game_over',
    ]);
  });

  it('the exports from before rulesets (ROLES, TURN_ACTIONS, COST, CLAIM, BLOCK_ROLES, TARGETED) are original’s', () => {
    expect(ROLES).toEqual(RULESETS.original.roles);
    expect(TURN_ACTIONS).toEqual(RULESETS.original.actions.map((a) => a.type));
    for (const a of RULESETS.original.actions) {
      expect(COST[a.type as keyof typeof COST]).toBe(a.cost);
      expect(CLAIM[a.type as keyof typeof CLAIM]).toBe(a.claim);
      expect(BLOCK_ROLES[a.type as keyof typeof BLOCK_ROLES]).toEqual(a.blockers);
      expect(TARGETED[a.type as keyof typeof TARGETED]).toBe(a.targeted);
    }
    expect(fullDeck()).toEqual([...RULESETS.original.deck]);
    expect(fullDeck('inquisitors')).toEqual([...RULESETS.inquisitors.deck]);
  });
});

describe('createGame({ ruleset })', () => {
  it('defaults to original and stores the ruleset id in the (JSON) state', () => {
    const s = createGame({ players: 3, seed: 'r' });
    expect(s.ruleset).toBe('original');
    expect(s).not.toHaveProperty('shownSlot');
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
    expect(createGame({ players: 3, seed: 'r', ruleset: 'original' })).toEqual(s);
  });

  it('deals an inquisitors game from its own deck; the same seed deals the same positions', () => {
    const o = createGame({ players: 4, seed: 'same' });
    const q = createGame({ players: 4, seed: 'same', ruleset: 'inquisitors' });
    expect(q.ruleset).toBe('inquisitors');
    expect(q.shownSlot).toBeNull();
    expect(allCards(q)).toEqual(fullDeckSorted('inquisitors'));
    expect(allCards(q)).not.toContain('ambassador');
    expect(q.activeSeat).toBe(o.activeSeat);
    // The shuffle permutes positions alike: where original has an ambassador, inquisitors has an inquisitor.
    const swap = (r: string) => (r === 'ambassador' ? 'inquisitor' : r);
    expect(q.deck).toEqual(o.deck.map(swap));
  });

  it('refuses an unknown ruleset, naming the known ones', () => {
    expect(() => createGame({ players: 3, seed: 'r', ruleset: 'reformation' as never })).toThrow(
      'unknown ruleset "reformation": this engine plays original, inquisitors',
    );
  });

  it('checks a setup against the ruleset’s roles', () => {
    const hands = [
      ['duke', 'assassin'],
      ['captain', 'contessa'],
    ] as const;
    const h = hands.map((x) => [...x]);
    expect(() =>
      createGame({ players: 2, seed: 'x', ruleset: 'inquisitors', setup: { hands: h, deck: deckFor(h) } }),
    ).toThrow(/ambassador/);
    expect(() =>
      createGame({ players: 2, seed: 'x', setup: { hands: h, deck: deckFor(h, [], 'inquisitors') } }),
    ).toThrow(/inquisitor/);
    const ok = createGame({
      players: 2,
      seed: 'x',
      ruleset: 'inquisitors',
      setup: { hands: h, deck: deckFor(h, [], 'inquisitors') },
    });
    expect(ok.deck).toContain('inquisitor');
  });
});

describe('the rules come from the state’s ruleset', () => {
  it('original never lists an interrogation; inquisitors does', () => {
    const o = createGame({ players: 3, seed: 'l', setup: undefined });
    const q = createGame({ players: 3, seed: 'l', ruleset: 'inquisitors' });
    const types = (s: GameState) => new Set(legalActions(s, s.activeSeat).map((a) => a.type));
    expect(types(o).has('interrogate' as never)).toBe(false);
    expect(types(q).has('interrogate' as never)).toBe(true);
    const r = applyAction(o, o.activeSeat, { type: 'interrogate', data: { target: (o.activeSeat + 1) % 3 } });
    expect(r).toMatchObject({ ok: false, error: { code: 'illegal_action' } });
  });

  it('a state saved before rulesets (no `ruleset` field) plays on as an original game', () => {
    const game = playOut(
      createGame({ players: 4, seed: 'old' }),
      randomChooser('old', { forfeitRate: 0.01 }),
    );
    const old = JSON.parse(JSON.stringify(game.initial)) as Partial<GameState>;
    delete old.ruleset;
    expect(rulesetOf(old as GameState)).toBe(RULESETS.original);
    let a = game.initial;
    let b = old as GameState;
    for (const c of game.choices) {
      const ra = applyChoice(a, c);
      const rb = applyChoice(b, c);
      expect(rb.events).toEqual(ra.events);
      a = ra.state;
      b = rb.state;
    }
    expect(b.phase).toBe('game_over');
    expect(JSON.stringify(b)).not.toContain('ruleset');
  });

  it('a state naming an unknown ruleset is refused without a throw', () => {
    const s = { ...createGame({ players: 2, seed: 'u' }), ruleset: 'nope' as never };
    const r = applyAction(s, s.activeSeat, { type: 'income' });
    expect(r).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('unknown ruleset "nope"') },
    });
  });
});
