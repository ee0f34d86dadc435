import { formatPeopleModel, parsePeopleModel } from '@coup/bots';
import type { PeopleModelFile } from '@coup/bots';
import { describe, expect, it } from 'vitest';
import { newBaselineAccumulator } from '../baselines';
import type { DecodedGame } from '@coup/archive-format';
import { syntheticGame } from '../synthetic';
import { gameBuilder, randomGame } from '../testing';
import { fitPeopleModel } from './fit';

// People's decisions counted by hand in the comments, then against the human baselines' own counts.

type Row = [string, ...number[]];
const row = (m: PeopleModelFile, table: 'action' | 'challenge' | 'block', level: number, key: string) =>
  (m.games.original?.[table].levels[level] as Row[] | undefined)?.find((r) => r[0] === key)?.slice(1);

// alice and bob are people, the seat between them is an ai.
const scripted = gameBuilder([
  { id: 'alice', cards: ['duke', 'captain'] },
  { id: 'ai', cards: ['assassin', 'contessa'] },
  { id: 'bob', cards: ['ambassador', 'duke'] },
])
  // alice's true tax: her action; bob may challenge (a pass), the ai's chance is not counted.
  .turn(0, 'tax')
  // The ai steals from bob: not counted; alice and bob pass its challenge; bob blocks with a captain he
  // does not hold (his block), the ai challenges and wins: bob gives up his ambassador (the builder gives
  // up the first card), a choice between two roles.
  .turn(1, 'steal', { target: 2, block: { by: 2, role: 'captain', challenge: { success: true } } })
  // bob, left with a duke, takes foreign aid (his action): alice blocks with her duke (her block; the ai's
  // chance is not counted), bob may challenge the block and passes.
  .turn(2, 'foreign-aid', { block: { by: 0, role: 'duke' } })
  // alice steals from bob rather than from the ai: her action and her pick of a target; bob passes its
  // challenge and does not block.
  .turn(0, 'steal', { target: 2 })
  .end();

describe('fitting the people model on hand-built games', () => {
  const m = fitPeopleModel([scripted], { fittedAt: 'test' });

  it("counts people's decisions only, in the situations the bot reads", () => {
    expect(m.source).toMatchObject({ games: 1, gamesWithPeople: 1, fittedAt: 'test' });
    expect(m.source.decisions).toEqual({ action: 3, challenge: 5, block: 3, target: 1, reveal: 1 });
    // Actions by hand (level 3): alice's tax and steal with captain+duke, bob's foreign aid with a duke.
    expect(row(m, 'action', 3, 'captain+duke')).toEqual([0, 0, 1, 1, 0, 0, 0, 0]);
    expect(row(m, 'action', 3, 'duke')).toEqual([0, 1, 0, 0, 0, 0, 0, 0]);
    // Challenge chances: bob's of the tax, alice's and bob's of the ai's steal, bob's of alice's steal; bob's
    // of alice's block.
    expect(row(m, 'challenge', 5, 'a')).toEqual([4, 0]);
    expect(row(m, 'challenge', 5, 'b')).toEqual([1, 0]);
    // bob's bluff of a captain against a steal (holding an ambassador, which could block it too), his pass
    // of alice's steal with a duke only, alice's true duke against foreign aid.
    expect(row(m, 'block', 2, 'steal|ambassador')).toEqual([0, 0, 1, 0, 0, 0]);
    expect(row(m, 'block', 2, 'steal|-')).toEqual([1, 0, 0, 0, 0, 0]);
    expect(row(m, 'block', 2, 'foreign_aid|duke')).toEqual([0, 1, 0, 0, 0, 0]);
    expect(m.games.original?.reveal.pairs).toEqual([['ambassador+duke', 1, 0]]);
    // alice's steal picked bob (robbed of his 2 coins, 1 card) over the ai (4 coins, the richest, 2 cards).
    expect(m.games.original?.target.steal?.[1]).toEqual([
      ['n|1', 1, 1],
      ['y|2', 0, 1],
    ]);
    expect(m.games.inquisitors).toBeUndefined();
    expect(() => parsePeopleModel(m)).not.toThrow();
  });

  it('leaves out games with no person, and gives the same file for the same games', () => {
    const ai = fitPeopleModel([randomGame(3, { aiSeats: [0, 1, 2, 3, 4, 5] })], { fittedAt: 'x' });
    expect(ai.source).toMatchObject({ games: 1, gamesWithPeople: 0 });
    expect(ai.games).toEqual({});
    const games = Array.from({ length: 30 }, (_, i) => randomGame(i + 1));
    expect(fitPeopleModel(games, { fittedAt: 'x' })).toEqual(fitPeopleModel(games, { fittedAt: 'x' }));
  });
});

describe('fitting on generated datasets', () => {
  it('keeps the file within its size, leaving out the rarest contexts of the finer levels first', () => {
    const games = Array.from({ length: 1500 }, (_, i) => syntheticGame(`size:${i}`));
    const whole = fitPeopleModel(games, { fittedAt: 'x' });
    const small = fitPeopleModel(games, { fittedAt: 'x', maxBytes: 60_000 });
    expect(formatPeopleModel(whole).length).toBeGreaterThan(60_000);
    expect(formatPeopleModel(small).length).toBeLessThanOrEqual(60_000);
    for (const t of ['original', 'inquisitors'] as const) {
      const [a, b] = [whole.games[t]!.challenge.levels, small.games[t]!.challenge.levels];
      // The two coarsest levels whole, the finest thinned out.
      expect(b.slice(-2)).toEqual(a.slice(-2));
      expect(b[0]!.length).toBeLessThan(a[0]!.length);
    }
    expect(small.source).toEqual(whole.source);
    expect(() => parsePeopleModel(small)).not.toThrow();
  });

  it("counts exactly the decisions the human baselines count as people's", () => {
    // Mixed tables: seat 0 an ai in every other game, both game types.
    const games: DecodedGame[] = Array.from({ length: 400 }, (_, i) =>
      randomGame(i + 1, { aiSeats: i % 2 ? [0] : [], gameType: i % 3 ? 'original' : 'inquisitors' }),
    );
    const acc = newBaselineAccumulator();
    for (const g of games) acc.add(g);
    const base = acc.result().byGameType;
    const m = fitPeopleModel(games);
    for (const t of ['original', 'inquisitors'] as const) {
      const tables = m.games[t];
      const sum = (table: 'action' | 'challenge' | 'block') =>
        ((tables?.[table].levels.at(-1) ?? []) as Row[]).reduce(
          (n, r) => n + (r.slice(1) as number[]).reduce((a, b) => a + b, 0),
          0,
        );
      const h = base[t].humans;
      expect(sum('action')).toBe(h.actions);
      expect(sum('challenge')).toBe(h.challengeChances);
      expect(Math.round(sum('block'))).toBe(h.blockChances);
      // Each action's count, from the coarsest level of the action table.
      const counts = (tables?.action.levels.at(-1)?.[0] ?? []).slice(1);
      expect(counts[2]).toBe(h.actionMix.tax.count);
      expect(counts[1]).toBe(h.actionMix['foreign-aid'].count);
    }
    // Games with an ai seat count only the people's decisions: fewer than when every seat is a person.
    const allPeople = fitPeopleModel(
      games.map((g) => ({ ...g, playerIds: g.playerIds.map((_, p) => `p${p}`) })),
    );
    expect(allPeople.source.decisions.action).toBeGreaterThan(m.source.decisions.action as number);
  });

  it('shares a block whose blocker the record does not name among those who could have made it', () => {
    // Named blocks teach that a duke holder blocks foreign aid and others do not; then 20 foreign aids
    // blocked by an unnamed seat, where bob holds a duke and carol does not: bob gets most of them.
    const named = Array.from({ length: 20 }, () =>
      gameBuilder([
        { id: 'a', cards: ['captain', 'captain'] },
        { id: 'b', cards: ['duke', 'contessa'] },
        { id: 'c', cards: ['assassin', 'contessa'] },
      ])
        .turn(0, 'foreign-aid', { block: { by: 1, role: 'duke' } })
        .end(),
    );
    const unnamed = gameBuilder([
      { id: 'a', cards: ['captain', 'captain'] },
      { id: 'b', cards: ['duke', 'contessa'] },
      { id: 'c', cards: ['assassin', 'contessa'] },
    ]);
    for (let k = 0; k < 20; k++) unnamed.turn(0, 'foreign-aid', { block: { by: -1, role: 'duke' } });
    const m = fitPeopleModel([...named, unnamed.end()]);
    const withDuke = row(m, 'block', 2, 'foreign_aid|duke') as number[];
    const without = row(m, 'block', 2, 'foreign_aid|-') as number[];
    // Every block and chance is counted once: 40 blocks, 80 chances.
    expect((withDuke[1] as number) + (without[1] as number)).toBeCloseTo(40, 1);
    expect(withDuke.reduce((a, b) => a + b, 0) + without.reduce((a, b) => a + b, 0)).toBeCloseTo(80, 1);
    expect(withDuke[1]).toBeGreaterThan(37);
    // The blocker's challenge chance is the actor's: counted, with no claimer known.
    expect(row(m, 'challenge', 5, 'b')).toEqual([40, 0]);
  });
});
