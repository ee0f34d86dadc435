import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_ROLES, TURN_CAP, applyAction, legalActions, pendingSeats, ranking } from './index';
import type { Action, GameState, Phase, RulesetId } from './index';
import {
  checkInvariants,
  deepFreeze,
  expectedRanking,
  gameOf,
  peacefulChooser,
  playGame,
  playOut,
  rulesetGameArb,
  seededPicker,
} from './testing';

// Property tests over random games of 2-6 seats of both rulesets (original and inquisitors): random legal
// answers from a random pending seat (so simultaneous answers interleave at random) and random forfeits at
// random moments, the Inquisitor's phases included.

// Each property plays hundreds or thousands of games (a few seconds in all on an idle core); the long
// timeout only keeps a busy machine from failing them.
const LONG = { timeout: 60_000 };

/** Every action shape an agent could plausibly send, legal or not, in canonical form. */
const UNIVERSE: Action[] = (() => {
  const out: Action[] = [
    'income',
    'foreign_aid',
    'tax',
    'exchange',
    'pass',
    'challenge',
    'allow',
    'force_exchange',
  ].map((type) => ({ type }) as Action);
  for (const type of ['coup', 'assassinate', 'steal', 'interrogate'] as const)
    for (let target = -1; target <= 6; target++) out.push({ type, data: { target } });
  for (const role of ALL_ROLES) out.push({ type: 'block', data: { role } });
  for (const type of ['lose_card', 'show_card'] as const)
    for (let card_index = -1; card_index <= 2; card_index++) out.push({ type, data: { card_index } });
  for (let i = -1; i <= 4; i++) {
    out.push({ type: 'return_cards', data: { return_indices: [i] } });
    for (let j = -1; j <= 4; j++) out.push({ type: 'return_cards', data: { return_indices: [i, j] } });
  }
  out.push({ type: 'block' } as Action, { type: 'show_card' } as Action);
  return out;
})();

const key = (a: Action) => JSON.stringify([a.type, a.data ?? null]);

function fail(what: string, s: GameState): never {
  throw new Error(`${what} (turn ${s.turn}, phase ${s.phase})`);
}

/** How often each ruleset's games were played and each phase met, so the new phases are known to occur. */
function counter() {
  const games: Partial<Record<RulesetId, number>> = {};
  const phases: Partial<Record<Phase, number>> = {};
  const forfeitsIn: Partial<Record<Phase, number>> = {};
  return {
    games,
    phases,
    forfeitsIn,
    game: (r: RulesetId) => void (games[r] = (games[r] ?? 0) + 1),
    step: (before: GameState, forfeit: boolean) => {
      phases[before.phase] = (phases[before.phase] ?? 0) + 1;
      if (forfeit) forfeitsIn[before.phase] = (forfeitsIn[before.phase] ?? 0) + 1;
    },
  };
}

describe('random games', LONG, () => {
  it('end within the turn cap, conserve the 15 cards, never go negative, rank everyone', () => {
    let decisions = 0;
    let forfeits = 0;
    const seen = counter();
    fc.assert(
      fc.property(rulesetGameArb, (g) => {
        seen.game(g.ruleset);
        const r = playGame(g, {
          onStep: (before, choice, after) => {
            checkInvariants(after);
            decisions++;
            if (choice.action === 'forfeit') forfeits++;
            seen.step(before, choice.action === 'forfeit');
          },
        });
        expect(r.state.phase).toBe('game_over');
        expect(r.state.turn).toBeLessThanOrEqual(TURN_CAP);
        const places = ranking(r.state);
        expect(places.flat().sort()).toEqual(Array.from({ length: g.players }, (_, i) => i));
        if (r.state.endReason === 'last_standing') expect(places[0]).toHaveLength(1);
        expect(places).toEqual(expectedRanking(r.state, r.events));
        expect(r.events.at(-1)).toEqual({
          type: 'game_over',
          turn: r.state.turn,
          reason: r.state.endReason,
          ranking: places,
        });
      }),
      { numRuns: 2500 },
    );
    expect(decisions).toBeGreaterThan(25_000);
    expect(forfeits).toBeGreaterThan(500);
    expect(seen.games.original).toBeGreaterThan(1000);
    expect(seen.games.inquisitors).toBeGreaterThan(1000);
    expect(seen.phases.interrogate_show).toBeGreaterThan(500);
    expect(seen.phases.interrogate_decide).toBeGreaterThan(500);
    expect(seen.forfeitsIn.interrogate_show).toBeGreaterThan(5);
    expect(seen.forfeitsIn.interrogate_decide).toBeGreaterThan(5);
  });

  it('reach the turn cap when nobody presses; survivors ranked by face-down cards, then coins, with ties', () => {
    let capped = 0;
    let ties = 0;
    fc.assert(
      fc.property(rulesetGameArb, (g) => {
        const r = playOut(gameOf(g), peacefulChooser(g.chooser), {
          onStep: (_b, _c, after) => checkInvariants(after),
        });
        const places = ranking(r.state);
        expect(places).toEqual(expectedRanking(r.state, r.events));
        if (r.state.endReason === 'turn_cap') {
          capped++;
          expect(r.state.turn).toBe(TURN_CAP);
          expect(r.events.at(-1)).toMatchObject({ type: 'game_over', turn: TURN_CAP, reason: 'turn_cap' });
          if (places.some((p) => p.length > 1)) ties++;
        } else expect(r.state.turn).toBeLessThan(TURN_CAP);
      }),
      { numRuns: 60 },
    );
    expect(capped).toBeGreaterThan(30);
    expect(ties).toBeGreaterThan(5);
  });

  it('accept exactly the listed actions from exactly the pending seats, without modifying the state', () => {
    const seen = counter();
    fc.assert(
      fc.property(rulesetGameArb, fc.nat(), (g, sample) => {
        const pick = seededPicker(sample);
        playGame(g, {
          onStep: (before) => {
            // One step in 8, and every step of an interrogation (rarer, and new).
            if (pick(8) !== 0 && !before.phase.startsWith('interrogate_')) return;
            seen.step(before, false);
            deepFreeze(before);
            const json = JSON.stringify(before);
            const pending = pendingSeats(before);
            for (let seat = -1; seat <= before.players.length; seat++) {
              const legal = new Set(legalActions(before, seat).map(key));
              for (const a of UNIVERSE) {
                const r = applyAction(before, seat, a);
                const want = pending.includes(seat) && legal.has(key(a));
                if (r.ok !== want) fail(`seat ${seat} ${key(a)}: ok should be ${want}`, before);
              }
            }
            if (JSON.stringify(before) !== json) fail('the state was modified', before);
          },
        });
      }),
      { numRuns: 300 },
    );
    expect(seen.phases.interrogate_show).toBeGreaterThan(10);
    expect(seen.phases.interrogate_decide).toBeGreaterThan(10);
    expect(seen.phases.exchange_return).toBeGreaterThan(10);
  });

  it('reject a mutated legal action unless it still equals a listed one', () => {
    const mutations: ((a: Action) => unknown)[] = [
      (a) => ({ ...a, type: a.type === 'pass' ? 'challenge' : 'pass' }),
      (a) => ({ ...a, data: { ...a.data, target: (a.data?.target ?? 0) + 1 } }),
      (a) => ({ ...a, data: { ...a.data, extra: 1 } }),
      (a) => ({ type: a.type }),
      (a) => ({ ...a, data: a.data ? [a.data] : {} }),
      (a) => ({ ...a, data: a.data ? JSON.parse(JSON.stringify(a.data).replace(/(\d)/g, '"$1"')) : null }),
      (a) => ({ ...a, type: a.type.toUpperCase() }),
      (a) => ({ ...a, note: 'keys outside type and data are ignored' }),
      (a) => ({
        ...a,
        data: { ...a.data, return_indices: [...(a.data?.return_indices ?? [1, 0])].reverse() },
      }),
    ];
    let rejected = 0;
    fc.assert(
      fc.property(rulesetGameArb, fc.nat(), (g, sample) => {
        const pick = seededPicker(sample);
        playGame(g, {
          onStep: (before, choice) => {
            if (choice.action === 'forfeit') return;
            const m = mutations[pick(mutations.length)]!(choice.action) as Action;
            const listed = legalActions(before, choice.seat).some(
              (l) => l.type === m.type && JSON.stringify(l.data ?? {}) === JSON.stringify(m.data ?? {}),
            );
            const r = applyAction(before, choice.seat, m);
            if (r.ok !== listed) fail(`${JSON.stringify(m)}: ok should be ${listed}`, before);
            if (!r.ok) rejected++;
          },
        });
      }),
      { numRuns: 300 },
    );
    expect(rejected).toBeGreaterThan(1000);
  });
});
