import { describe, expect, it } from 'vitest';
import { newBaselineAccumulator } from './baselines';
import { humanBaselines, decodedGame } from '@coup/archive-format';
import { gameBuilder, gameOf, hand, out, randomGame } from './testing';

// Hand-built games whose figures are counted by hand in the comments.

// original, alice (human) against an ai.
const game1 = gameBuilder([
  { id: 'alice', cards: ['duke', 'captain'] },
  { id: 'ai', cards: ['assassin', 'contessa'] },
])
  .turn(0, 'tax') // a true duke claim; the ai may challenge (1 chance), does not
  .turn(1, 'steal', { target: 0, challenge: { by: 0, success: true } }) // a captain bluff, caught; cancelled
  // foreign aid: the ai may block (1 chance), blocks with a duke bluff; alice challenges (1 chance), wins
  .turn(0, 'foreign-aid', { block: { by: 1, role: 'duke', challenge: { success: true } } })
  .end();

// inquisitors, three humans.
const game2 = gameBuilder(
  [
    { id: 'a', cards: ['inquisitor', 'contessa'] },
    { id: 'b', cards: ['captain', 'duke'] },
    { id: 'c', cards: ['assassin', 'assassin'], cash: 3 },
  ],
  { gameType: 'inquisitors', gameId: 'g2' },
)
  // a true assassin claim (a, b may challenge); b challenges and loses; a blocks with a true contessa
  // (its block chance), c may challenge the block, does not
  .turn(2, 'assassinate', {
    target: 0,
    challenge: { by: 1, success: false },
    block: { by: 0, role: 'contessa' },
  })
  .turn(0, 'exchange') // the inquisitor's exchange, true; b and c may challenge
  // a captain bluff by b (a, c may challenge); c blocks with an inquisitor bluff, b challenges and wins
  .turn(1, 'steal', { target: 2, block: { by: 2, role: 'inquisitor', challenge: { success: true } } })
  .end(0);

describe('human baselines', () => {
  const acc = newBaselineAccumulator();
  acc.add(decodedGame.parse(game1));
  acc.add(decodedGame.parse(game2));
  const r = acc.result();

  it('counts games per game type and gives the stored shape', () => {
    expect(humanBaselines.parse(r)).toEqual(r);
    expect(r.games).toBe(2);
    expect(r.byGameType.original).toMatchObject({ games: 1, gamesWithHumans: 1 });
    expect(r.byGameType.inquisitors).toMatchObject({ games: 1, gamesWithHumans: 1 });
  });

  it('original, every player', () => {
    const all = r.byGameType.original.all;
    expect(all.actions).toBe(3);
    expect(all.actionMix.tax).toEqual({ count: 1, share: 0.333 });
    expect(all.actionMix.coup).toEqual({ count: 0, share: 0 });
    expect(all.roles.duke).toEqual({
      claims: 2,
      actionClaims: 1,
      blockClaims: 1,
      known: 2,
      bluffs: 1,
      bluffRate: 0.5,
      games: 1,
    });
    expect(all.roles.captain).toMatchObject({ claims: 1, bluffs: 1, bluffRate: 1 });
    expect(all.roles.inquisitor).toMatchObject({ claims: 0, bluffRate: null });
    expect(all).toMatchObject({
      claims: 3,
      known: 3,
      bluffs: 2,
      bluffRate: 0.667,
      challengeChances: 3,
      challengeableClaims: 3,
      challenges: 2,
      actionChallenges: 1,
      blockChallenges: 1,
      challengesWon: 2,
      challengeRate: 0.667,
      claimChallengeRate: 0.667,
      challengeSuccess: 1,
      blockChallengeSuccess: 1,
      blockChances: 1,
      blockableActions: 1,
      blocks: 1,
      blockRate: 1,
      actionBlockRate: 1,
    });
    expect(all.winRates).toEqual([
      {
        playerCount: 2,
        games: 1,
        winRate: 0.5,
        seats: [
          { seat: 0, played: 1, wins: 1, winRate: 1 },
          { seat: 1, played: 1, wins: 0, winRate: 0 },
        ],
      },
    ]);
  });

  it('original, humans only: the ai decisions and seats are left out', () => {
    const h = r.byGameType.original.humans;
    expect(h.actions).toBe(2);
    expect(h.actionMix['foreign-aid']).toEqual({ count: 1, share: 0.5 });
    expect(h).toMatchObject({ claims: 1, bluffs: 0, bluffRate: 0 });
    expect(h).toMatchObject({ challengeChances: 2, challenges: 2, challengeRate: 1, challengeSuccess: 1 });
    // Only the ai could block: no human block chance.
    expect(h).toMatchObject({ blockChances: 0, blocks: 0, blockRate: null });
    expect(h.winRates).toEqual([
      { playerCount: 2, games: 1, winRate: 1, seats: [{ seat: 0, played: 1, wins: 1, winRate: 1 }] },
    ]);
  });

  it('says how many games and decisions each figure rests on', () => {
    const h = r.byGameType.original.humans;
    expect(h.games).toBe(1);
    expect(h.basis).toEqual({
      actionMix: { games: 1, decisions: 2 },
      bluffRate: { games: 1, decisions: 1 },
      challengeRate: { games: 1, decisions: 2 },
      claimChallengeRate: { games: 1, decisions: 2 },
      challengeSuccess: { games: 1, decisions: 2 },
      blockChallengeSuccess: { games: 1, decisions: 1 },
      // Only the ai could block.
      blockRate: { games: 0, decisions: 0 },
      actionBlockRate: { games: 0, decisions: 0 },
    });
    expect(h.roles.duke).toMatchObject({ known: 1, games: 1 });
    expect(r.byGameType.original.all.basis.blockRate).toEqual({ games: 1, decisions: 1 });
  });

  it("counts people only from games with people, a lost id as a person who left, an unnamed blocker as nobody's", () => {
    const a = newBaselineAccumulator();
    // An ai-only game: the people's figures rest on no game.
    a.add(randomGame(7, { playerCount: 3, aiSeats: [0, 1, 2] }));
    expect(a.result().byGameType.original).toMatchObject({ games: 1, gamesWithHumans: 0 });
    expect(a.result().byGameType.original.humans).toMatchObject({
      games: 0,
      actions: 0,
      basis: { actionMix: { games: 0 } },
    });
    // Seat 1's id was lost (null): a person. Seat 2 blocks seat 0's foreign aid, unnamed (-1).
    const s0 = [
      hand(2, 'duke', 'captain'),
      hand(2, 'contessa', 'assassin'),
      hand(2, 'captain', 'ambassador'),
    ];
    const g = gameOf(
      [
        { type: 'START_OF_TURN', whoseTurn: 0, playerStates: s0 },
        { type: 'ACTION', action: 'foreign-aid' },
        { type: 'BLOCK', blockingPlayer: -1, blockingRole: 'duke' },
        { type: 'START_OF_TURN', whoseTurn: 1, playerStates: s0 },
        { type: 'ACTION', action: 'tax' },
        {
          type: 'START_OF_TURN',
          whoseTurn: 2,
          playerStates: [s0[0]!, hand(5, 'contessa', 'assassin'), s0[2]!],
        },
        { type: 'PLAYER_LEFT', player: 2 },
        { type: 'PLAYER_LEFT', player: 0 },
        { type: 'GAME_OVER', playerStates: [out(s0[0]!), hand(5, 'contessa', 'assassin'), out(s0[2]!)] },
      ],
      { playerIds: ['ai', null, 'ai'] },
    );
    const b = newBaselineAccumulator();
    b.add(g);
    const o = b.result().byGameType.original;
    expect(o).toMatchObject({ games: 1, gamesWithHumans: 1 });
    // The tax is the person's (a duke bluff); the unnamed block counts for everyone, unknown whether a bluff.
    expect(o.humans).toMatchObject({ games: 1, actions: 1, claims: 1, bluffs: 1, blocks: 0 });
    expect(o.humans.blockRate).toBe(0);
    expect(o.all.roles.duke).toMatchObject({ blockClaims: 1 });
    expect(o.all.blocks).toBe(1);
  });

  it('inquisitors: the exchange claims the inquisitor; chances follow who is standing', () => {
    const all = r.byGameType.inquisitors.all;
    expect(all.roles.inquisitor).toMatchObject({ actionClaims: 1, blockClaims: 1, known: 2, bluffs: 1 });
    expect(all.roles.ambassador.claims).toBe(0);
    expect(all.roles.assassin).toMatchObject({ claims: 1, bluffs: 0 });
    expect(all.roles.contessa).toMatchObject({ blockClaims: 1, bluffs: 0 });
    expect(all.roles.captain).toMatchObject({ actionClaims: 1, bluffs: 1 });
    expect(all).toMatchObject({
      claims: 5,
      bluffs: 2,
      bluffRate: 0.4,
      challengeChances: 8,
      challengeableClaims: 5,
      challenges: 2,
      challengesWon: 1,
      challengeRate: 0.25,
      claimChallengeRate: 0.4,
      challengeSuccess: 0.5,
      blockChallengeSuccess: 1,
      blockChances: 2,
      blocks: 2,
      blockRate: 1,
    });
    expect(r.byGameType.inquisitors.humans).toEqual(all);
  });

  it('a blocker that lost a card this turn and held the role in one of two cards is not known', () => {
    const g = gameBuilder([
      { id: 'p', cards: ['captain', 'duke'] },
      { id: 'q', cards: ['captain', 'contessa'] },
      { id: 'r', cards: ['duke', 'duke'] },
    ])
      // r leaves: only q may challenge the steal (1 chance); q challenges, loses, then blocks with the
      // captain it may or may not have given up
      .turn(0, 'steal', {
        target: 1,
        leaves: 2,
        challenge: { by: 1, success: false },
        block: { by: 1, role: 'captain' },
      })
      .end(0);
    const a = newBaselineAccumulator();
    a.add(g);
    const all = a.result().byGameType.original.all;
    expect(all.roles.captain).toMatchObject({ claims: 2, known: 1, bluffs: 0 });
    // The steal's challenge (q) and the block's (p): 2 chances; the block: q's chance.
    expect(all).toMatchObject({ challengeChances: 2, blockChances: 1, blocks: 1 });
  });

  it('an empty accumulator gives zeros and null rates', () => {
    const e = newBaselineAccumulator().result();
    expect(humanBaselines.parse(e)).toEqual(e);
    expect(e.byGameType.original.all).toMatchObject({ actions: 0, bluffRate: null, winRates: [] });
  });
});

describe('human baselines over random games', () => {
  it('keep their invariants: bluffs within known claims, decisions within chances, humans within all', () => {
    const acc = newBaselineAccumulator();
    for (let seed = 1; seed <= 300; seed++) {
      acc.add(
        randomGame(seed, {
          gameType: seed % 4 ? 'original' : 'inquisitors',
          aiSeats: seed % 3 ? [] : [seed % 2],
        }),
      );
    }
    const r = acc.result();
    expect(humanBaselines.parse(r)).toEqual(r);
    expect(r.byGameType.original.games + r.byGameType.inquisitors.games).toBe(300);
    for (const t of Object.values(r.byGameType)) {
      for (const f of [t.all, t.humans]) {
        expect(f.bluffs).toBeLessThanOrEqual(f.known);
        expect(f.known).toBeLessThanOrEqual(f.claims);
        expect(f.challenges).toBeLessThanOrEqual(f.challengeChances);
        expect(f.challengesWon).toBeLessThanOrEqual(f.challenges);
        expect(f.blocks).toBeLessThanOrEqual(f.blockChances);
        expect(Object.values(f.actionMix).reduce((n, a) => n + a.count, 0)).toBe(f.actions);
        for (const w of f.winRates) {
          expect(w.seats.reduce((n, s) => n + s.wins, 0)).toBeLessThanOrEqual(w.games);
        }
      }
      for (const k of ['actions', 'claims', 'bluffs', 'challenges', 'blocks', 'challengeChances'] as const) {
        expect(t.humans[k]).toBeLessThanOrEqual(t.all[k]);
      }
      // Every game has one winner.
      expect(t.all.winRates.reduce((n, w) => n + w.seats.reduce((m, s) => m + s.wins, 0), 0)).toBe(t.games);
    }
  });
});

describe('baseline counters merged across threads', () => {
  it('give the same result as one accumulator over every game, through a structured clone', () => {
    const games = Array.from({ length: 120 }, (_, i) =>
      randomGame(i + 1, { gameType: i % 4 ? 'original' : 'inquisitors', aiSeats: i % 3 ? [] : [i % 2] }),
    );
    const one = newBaselineAccumulator();
    games.forEach((g) => one.add(g));
    const merged = newBaselineAccumulator();
    for (let from = 0; from < games.length; from += 50) {
      const part = newBaselineAccumulator();
      games.slice(from, from + 50).forEach((g) => part.add(g));
      merged.merge(structuredClone(part.state()));
    }
    expect(merged.result()).toEqual(one.result());
    expect(merged.result().games).toBe(120);
  });
});
