import { applyAction, createGame, legalActions, pendingSeats } from '@coup/engine';
import type { Action, GameState, Role, RulesetId } from '@coup/engine';
import type { DecisionRequest } from '@coup/protocol';
import { seededPicker } from '@coup/random';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createBot } from '../index';
import { playMatch } from '../testing/match';
import { buildRequest } from '../testing/request';
import { scenario } from '../testing/scenario';
import { peopleBot } from './bot';
import { GameCounts, modelFile } from './counts';
import { ACTION_OUTCOMES, BLOCK_OUTCOMES, handKey, pairKey } from './features';
import { parsePeopleModel } from './model';
import type { PeopleModel } from './model';

/** A model whose tables say only what `fill` counts (the rest backs off to uniform). */
function modelWith(fill: (g: GameCounts) => void): PeopleModel {
  const g = new GameCounts();
  fill(g);
  return parsePeopleModel(modelFile({ original: g }, { description: 'test', games: 1, gamesWithPeople: 1 }));
}

const ROLES5: Role[] = ['duke', 'assassin', 'captain', 'ambassador', 'contessa'];
const HANDS: Role[][] = [
  ...ROLES5.map((r) => [r]),
  ...ROLES5.flatMap((a, i) => ROLES5.slice(i).map((b) => [a, b])),
];
const faceDown = (req: DecisionRequest) =>
  (req.state.you?.cards ?? []).filter((c) => !c.revealed).map((c) => c.role);
const listed = (req: DecisionRequest, a: Action) =>
  req.legalActions.some((l) => JSON.stringify(l) === JSON.stringify(a));

describe('people bot follows its tables', () => {
  /** Plays `games` 3-seat matches of the bot (model `model`) against heuristic and honest. */
  function observe(model: PeopleModel, games: number, see: (req: DecisionRequest, a: Action) => void) {
    for (let i = 0; i < games; i++) {
      const bots = [
        peopleBot({ seed: `p${i}`, model }),
        createBot('heuristic', { seed: `h${i}` }),
        createBot('honest'),
      ];
      const r = i % 3;
      playMatch([...bots.slice(r), ...bots.slice(0, r)], {
        seed: `tables${i}`,
        onDecision: (req, a, bot) => void (bot.name === 'people' && see(req, a)),
      });
    }
  }
  const rate = ([n, d]: number[]) => (n as number) / Math.max(1, d as number);

  it('claims the duke as often as people do with and without one; blocks as they do', () => {
    // People here tax when they hold a duke and take income otherwise, never challenge, block a steal
    // with the captain they hold and bluff a contessa against every assassination.
    const model = modelWith((g) => {
      for (const hand of HANDS) {
        const o = hand.includes('duke') ? 'tax' : 'income';
        g.action.add([null, null, null, handKey(hand), null, ''], ACTION_OUTCOMES.indexOf(o), 100);
      }
      g.challenge.add([null, null, null, null, null, 'a'], 0, 100);
      g.block.add([null, null, 'steal|captain', null], BLOCK_OUTCOMES.indexOf('captain'), 100);
      g.block.add([null, null, 'steal|-', null], 0, 100);
      g.block.add([null, null, 'assassinate|-', null], BLOCK_OUTCOMES.indexOf('contessa'), 100);
    });
    const pair = (): [number, number] => [0, 0];
    const n = { taxDuke: pair(), taxNoDuke: pair(), captain: pair(), contessa: pair(), challenge: pair() };
    const bump = (c: [number, number], yes: boolean) => {
      c[0] += yes ? 1 : 0;
      c[1] += 1;
    };
    observe(model, 60, (req, a) => {
      const hand = faceDown(req);
      const pending = req.state.pending?.action;
      if (req.phase === 'action' && (req.state.you?.coins ?? 0) < 7)
        bump(hand.includes('duke') ? n.taxDuke : n.taxNoDuke, a.type === 'tax');
      if (req.phase === 'block' && pending === 'steal' && hand.includes('captain'))
        bump(n.captain, a.data?.role === 'captain');
      if (req.phase === 'block' && pending === 'assassinate' && !hand.includes('contessa'))
        bump(n.contessa, a.type === 'block');
      if (req.phase === 'challenge_action') bump(n.challenge, a.type === 'challenge');
    });
    expect(n.taxDuke[1]).toBeGreaterThan(50);
    expect(n.taxNoDuke[1]).toBeGreaterThan(50);
    expect(rate(n.taxDuke)).toBeGreaterThan(0.85);
    expect(rate(n.taxNoDuke)).toBeLessThan(0.1);
    expect(n.captain[1]).toBeGreaterThan(3);
    expect(rate(n.captain)).toBeGreaterThan(0.8);
    expect(n.contessa[1]).toBeGreaterThan(3);
    expect(rate(n.contessa)).toBeGreaterThan(0.8);
    expect(rate(n.challenge)).toBeLessThan(0.1);
  });

  it('challenges as the table says: every claim of an action, never a block', () => {
    // They take foreign aid every turn, so that blocks come their way.
    const model = modelWith((g) => {
      g.action.add([null, null, null, null, null, ''], ACTION_OUTCOMES.indexOf('foreign_aid'), 100);
      g.challenge.add([null, null, null, null, null, 'a'], 1, 100);
      g.challenge.add([null, null, null, null, null, 'b'], 0, 100);
    });
    const n = { action: [0, 0] as [number, number], block: [0, 0] as [number, number] };
    observe(model, 30, (req, a) => {
      const c =
        req.phase === 'challenge_action' ? n.action : req.phase === 'challenge_block' ? n.block : null;
      if (!c) return;
      c[0] += a.type === 'challenge' ? 1 : 0;
      c[1] += 1;
    });
    expect(n.action[1]).toBeGreaterThan(30);
    expect(rate(n.action)).toBeGreaterThan(0.85);
    expect(n.block[1]).toBeGreaterThan(3);
    expect(rate(n.block)).toBeLessThan(0.15);
  });

  it('gives up the card people give up, and keeps the ones they keep', () => {
    const m = modelWith((g) => {
      for (let k = 0; k < 50; k++) {
        g.addReveal('duke', 'captain', 'captain');
        g.addReveal('ambassador', 'contessa', 'ambassador');
      }
    });
    expect(pairKey('duke', 'captain')).toBe('captain+duke');
    const hands: Role[][] = [
      ['assassin', 'assassin'],
      ['captain', 'duke'],
    ];
    const deck = [
      'ambassador',
      'ambassador',
      'ambassador',
      'contessa',
      'contessa',
      'contessa',
      'duke',
      'duke',
    ];
    const lose = scenario(
      { hands, deck: [...deck, 'captain', 'captain', 'assassin'] as Role[], coins: [7, 2], firstSeat: 0 },
      [[0, { type: 'coup', data: { target: 1 } }]],
      1,
    );
    const losses = Array.from(
      { length: 20 },
      (_, k) => peopleBot({ seed: `l${k}`, model: m }).decide(lose).action,
    );
    // The captain (slot 0) given up, the duke kept.
    expect(losses.filter((a) => a.data?.card_index === 0).length).toBeGreaterThanOrEqual(17);

    // An exchange with duke and ambassador in hand draws ambassador and contessa: duke and contessa kept.
    const ex = scenario(
      {
        hands: [
          ['duke', 'ambassador'],
          ['captain', 'captain'],
        ],
        deck: [
          'ambassador',
          'contessa',
          'duke',
          'duke',
          'assassin',
          'assassin',
          'assassin',
          'captain',
          'contessa',
          'contessa',
          'ambassador',
        ],
        firstSeat: 0,
      },
      [
        [0, { type: 'exchange' }],
        [1, { type: 'pass' }],
      ],
      0,
    );
    expect(ex.phase).toBe('exchange_return');
    const returned = peopleBot({ seed: 'x', model: m }).decide(ex).action.data?.return_indices ?? [];
    const pool = [...faceDown(ex), ...(ex.state.you?.drawn ?? [])];
    expect(pool).toEqual(['duke', 'ambassador', 'ambassador', 'contessa']);
    expect(pool.filter((_, i) => !returned.includes(i)).sort()).toEqual(['contessa', 'duke']);
  });
});

describe('people bot, as every agent', () => {
  const kinds = fc.array(fc.constantFrom('people', 'heuristic', 'random', 'honest'), {
    minLength: 1,
    maxLength: 5,
  });

  for (const ruleset of ['original', 'inquisitors'] as RulesetId[]) {
    it(`answers only legal actions in every phase (${ruleset})`, () => {
      let decisions = 0;
      fc.assert(
        fc.property(kinds, fc.string({ maxLength: 8 }), (others, seed) => {
          const bots = ['people', ...others].map((k, s) => createBot(k as 'people', { seed: `${seed}${s}` }));
          playMatch(bots, {
            seed,
            ruleset,
            onDecision(req, a, bot) {
              if (bot.name !== 'people') return;
              if (!listed(req, a)) throw new Error(`${JSON.stringify(a)} in ${req.phase}`);
              decisions++;
            },
          });
        }),
        { numRuns: 60, seed: 22 },
      );
      expect(decisions).toBeGreaterThan(1000);
    }, 60_000);
  }

  it('answers the same request the same way for the same seed; another seed changes some answers', () => {
    const reqs: DecisionRequest[] = [];
    for (const seed of ['same1', 'same2', 'same3'])
      playMatch([createBot('people', { seed }), createBot('honest'), createBot('random', { seed })], {
        seed,
        onDecision: (req, _a, bot) => void (bot.name === 'people' && reqs.push(req)),
      });
    const answers = (seed: string) => reqs.map((r) => JSON.stringify(peopleBot({ seed }).decide(r).action));
    expect(reqs.length).toBeGreaterThan(20);
    expect(answers('s1')).toEqual(answers('s1'));
    const other = [1, 2, 3, 4, 5].map((k) => answers(`s${k + 1}`));
    expect(other.some((a) => JSON.stringify(a) !== JSON.stringify(answers('s1')))).toBe(true);
  });

  it("decides on its own view: other seats' hidden cards changed, the same answers", () => {
    const pickN = seededPicker('hidden');
    let compared = 0;
    for (let g = 0; g < 20; g++) {
      let state: GameState = createGame({ players: 3, seed: `hidden${g}` });
      for (let step = 0; step < 60 && state.phase !== 'game_over'; step++) {
        for (const seat of pendingSeats(state)) {
          const other = swapHidden(state, seat);
          const ask = (s: GameState) =>
            peopleBot({ seed: 'v' }).decide(
              buildRequest({
                state: s,
                seat,
                matchId: 'm',
                decisionId: `m.${step}.${seat}`,
                names: ['a', 'b', 'c'],
                history: [],
              }),
            ).action;
          expect(ask(other)).toEqual(ask(state));
          compared++;
        }
        const seat = pendingSeats(state)[0] as number;
        const moves = legalActions(state, seat);
        const r = applyAction(state, seat, moves[pickN(moves.length)] as Action);
        if (r.ok) state = r.state;
      }
    }
    expect(compared).toBeGreaterThan(200);
  });
});

/** The state with every other seat's face-down cards swapped with the deck's (what `seat` cannot see). */
function swapHidden(state: GameState, seat: number): GameState {
  const s = structuredClone(state);
  const deck = s.deck;
  s.players.forEach((p, i) => {
    if (i === seat) return;
    p.cards.forEach((c) => {
      if (c.revealed || deck.length === 0) return;
      const j = deck.findIndex((r) => r !== c.role);
      if (j < 0) return;
      const r = deck[j] as Role;
      deck[j] = c.role;
      c.role = r;
    });
  });
  return s;
}
