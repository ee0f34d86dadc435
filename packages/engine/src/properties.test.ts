import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ROLES,
  TURN_CAP,
  ranking,
  applyAction,
  createGame,
  eventsFor,
  forfeit,
  legalActions,
  pendingSeats,
  viewFor,
} from './index';
import type { Action, GameEvent, GameState, PlayerView, Role } from './index';
import {
  FULL_DECK_SORTED,
  allCards,
  applyChoice,
  deepFreeze,
  playOut,
  randomChooser,
  replay,
  seededPicker,
} from './testing';
import type { Chooser, Choice } from './testing';

// Property tests over random games of 2-6 seats: random legal answers from a random pending seat (so
// simultaneous answers interleave at random) and random forfeits at random moments.

// Each property plays hundreds or thousands of games (about 10 s in all on an idle core); the long
// timeout only keeps a busy machine from failing them.
const LONG = { timeout: 60_000 };

const gameArb = fc.record({
  seed: fc.string({ maxLength: 12 }),
  players: fc.integer({ min: 2, max: 6 }),
  chooser: fc.nat(),
  forfeitRate: fc.constantFrom(0, 0, 0.003, 0.02, 0.1),
});
type GameParams = typeof gameArb extends fc.Arbitrary<infer T> ? T : never;

const play = (g: GameParams, onStep?: Parameters<typeof playOut>[2]) =>
  playOut(
    createGame({ players: g.players, seed: g.seed }),
    randomChooser(g.chooser, { forfeitRate: g.forfeitRate }),
    onStep,
  );

/** Every action shape an agent could plausibly send, legal or not, in canonical form. */
const UNIVERSE: Action[] = (() => {
  const out: Action[] = ['income', 'foreign_aid', 'tax', 'exchange', 'pass', 'challenge'].map(
    (type) => ({ type }) as Action,
  );
  for (const type of ['coup', 'assassinate', 'steal'] as const)
    for (let target = -1; target <= 6; target++) out.push({ type, data: { target } });
  for (const role of ROLES) out.push({ type: 'block', data: { role } });
  for (let card_index = -1; card_index <= 2; card_index++)
    out.push({ type: 'lose_card', data: { card_index } });
  for (let i = -1; i <= 4; i++)
    for (let j = -1; j <= 4; j++) out.push({ type: 'return_cards', data: { return_indices: [i, j] } });
  out.push({ type: 'return_cards', data: { return_indices: [0] } }, { type: 'block' } as Action);
  return out;
})();

const key = (a: Action) => JSON.stringify([a.type, a.data ?? null]);

/** A plain assertion: `expect` is too slow for checks run at every step of thousands of games. */
function check(ok: boolean, what: string, s: GameState): void {
  if (!ok) throw new Error(`${what} (turn ${s.turn}, phase ${s.phase})`);
}

const FULL = FULL_DECK_SORTED.join();

function checkInvariants(s: GameState): void {
  check(allCards(s).join() === FULL, 'the 15 cards are conserved', s);
  check(s.turn <= TURN_CAP, 'turn within the cap', s);
  const pending = pendingSeats(s);
  check(
    s.phase === 'game_over' ? pending.length === 0 : pending.length > 0,
    'pendingSeats empty iff game over',
    s,
  );
  s.players.forEach((p, seat) => {
    check(Number.isInteger(p.coins) && p.coins >= 0, `seat ${seat} coins are a natural number`, s);
    check(p.cards.length === 2, `seat ${seat} has 2 slots`, s);
    const faceDown = p.cards.filter((c) => !c.revealed).length;
    if (p.eliminated) check(faceDown === 0 && p.coins === 0, `eliminated seat ${seat} has nothing`, s);
    else check(faceDown > 0, `living seat ${seat} has a face-down card`, s);
    const legal = legalActions(s, seat).length;
    if (pending.includes(seat))
      check(!p.eliminated && legal > 0, `pending seat ${seat} is alive and has choices`, s);
    else check(legal === 0, `seat ${seat} is not pending and has no choices`, s);
  });
}

/** Only `you` carries cards; nobody else's face-down cards, the deck order or the PRNG appear. */
function checkView(v: PlayerView, s: GameState): void {
  expect(Object.keys(v).sort()).toEqual([
    'activeSeat',
    'deckSize',
    'losingSeat',
    'pending',
    'phase',
    'players',
    'ranking',
    'seat',
    'turn',
    'you',
  ]);
  for (const p of v.players)
    expect(Object.keys(p).sort()).toEqual(['coins', 'eliminated', 'faceDown', 'revealed', 'seat']);
  if (v.you) {
    const drawn = s.phase === 'exchange_return' && s.activeSeat === v.seat;
    expect(Object.keys(v.you).sort()).toEqual(
      drawn ? ['cards', 'coins', 'drawn', 'seat'] : ['cards', 'coins', 'seat'],
    );
  }
  if (v.pending)
    expect(Object.keys(v.pending).sort()).toEqual([
      'action',
      'actor',
      'blockRole',
      'blocker',
      'claim',
      'target',
    ]);
}

function checkEventsFor(events: readonly GameEvent[], seat: number | null): void {
  for (const e of eventsFor(events, seat)) {
    if (e.type !== 'card_shown' && e.type !== 'exchange_drawn' && e.type !== 'exchange_returned') continue;
    if (e.seat === seat) continue;
    const secret = 'replacement' in e || 'roles' in e || 'returned' in e;
    if (secret) throw new Error(`seat ${String(seat)} sees a private card in ${JSON.stringify(e)}`);
  }
}

/** RULES.md's ranking, computed from the final state and the elimination events only. */
function expectedRanking(s: GameState, events: readonly GameEvent[]): number[][] {
  const faceDown = (seat: number) => s.players[seat]!.cards.filter((c) => !c.revealed).length;
  const score = (seat: number) => faceDown(seat) * 1000 + s.players[seat]!.coins;
  const survivors = s.players.flatMap((p, seat) => (p.eliminated ? [] : [seat]));
  const scores = [...new Set(survivors.map(score))].sort((x, y) => y - x);
  const places = scores.map((sc) => survivors.filter((seat) => score(seat) === sc));
  const out = events.flatMap((e) => (e.type === 'eliminated' ? [e.seat] : []));
  return [...places, ...out.reverse().map((seat) => [seat])];
}

/** Mostly unchallenged exchanges (coins do not move), so that many games reach the turn cap. */
function peacefulChooser(seed: number): Chooser {
  const pick = seededPicker(seed);
  const calm = new Set(['exchange', 'pass', 'return_cards', 'lose_card', 'coup']);
  return (s, pending) => {
    const seat = pending[pick(pending.length)]!;
    const legal = legalActions(s, seat);
    const quiet = legal.filter((a) => calm.has(a.type));
    const from = quiet.length > 0 && pick(100) < 98 ? quiet : legal;
    return { seat, action: from[pick(from.length)]! };
  };
}

describe('random games', LONG, () => {
  it('end within the turn cap, conserve the 15 cards, never go negative, keep secrets', () => {
    let decisions = 0;
    fc.assert(
      fc.property(gameArb, (g) => {
        const r = play(g, {
          onStep: (_before, _choice, after, events) => {
            checkInvariants(after);
            checkEventsFor(events, null);
            decisions++;
          },
        });
        expect(r.state.phase).toBe('game_over');
        expect(r.state.turn).toBeLessThanOrEqual(TURN_CAP);
        const ranked = r.state.players.length;
        const places = viewFor(r.state, null).ranking!;
        expect(places.flat().sort()).toEqual(Array.from({ length: ranked }, (_, i) => i));
        if (r.state.endReason === 'last_standing') expect(places[0]).toHaveLength(1);
        expect(places).toEqual(expectedRanking(r.state, r.events));
        for (let seat = 0; seat < g.players; seat++) {
          checkView(viewFor(r.state, seat), r.state);
          checkEventsFor(r.events, seat);
        }
      }),
      { numRuns: 2500 },
    );
    expect(decisions).toBeGreaterThan(25_000);
  });

  it('reach the turn cap when nobody presses, and rank survivors by face-down cards, then coins, with ties', () => {
    let capped = 0;
    let ties = 0;
    fc.assert(
      fc.property(gameArb, (g) => {
        const r = playOut(createGame({ players: g.players, seed: g.seed }), peacefulChooser(g.chooser), {
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
    expect(capped).toBeGreaterThan(20);
    expect(ties).toBeGreaterThan(0);
  });

  it('accept exactly the listed actions from exactly the pending seats, without modifying the state', () => {
    fc.assert(
      fc.property(gameArb, fc.nat(), (g, sample) => {
        const pick = seededPicker(sample);
        play(g, {
          onStep: (before) => {
            if (pick(8) !== 0) return;
            deepFreeze(before);
            const json = JSON.stringify(before);
            const pending = pendingSeats(before);
            for (let seat = -1; seat <= before.players.length; seat++) {
              const legal = new Set(legalActions(before, seat).map(key));
              for (const a of UNIVERSE) {
                const r = applyAction(before, seat, a);
                const want = pending.includes(seat) && legal.has(key(a));
                check(r.ok === want, `seat ${seat} ${key(a)}: ok should be ${want}`, before);
              }
            }
            expect(JSON.stringify(before)).toBe(json);
            for (const seat of [null, ...before.players.keys()]) checkView(viewFor(before, seat), before);
          },
        });
      }),
      { numRuns: 150 },
    );
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
      (a) => ({ ...a, note: 'ignored' }),
      (a) => ({
        ...a,
        data: { ...a.data, return_indices: [...(a.data?.return_indices ?? [1, 0])].reverse() },
      }),
    ];
    fc.assert(
      fc.property(gameArb, fc.nat(), (g, sample) => {
        const pick = seededPicker(sample);
        play(g, {
          onStep: (before, choice) => {
            if (choice.action === 'forfeit') return;
            const m = mutations[pick(mutations.length)]!(choice.action) as Action;
            const listed = legalActions(before, choice.seat).some(
              (l) => l.type === m.type && JSON.stringify(l.data ?? {}) === JSON.stringify(m.data ?? {}),
            );
            const r = applyAction(before, choice.seat, m);
            check(r.ok === listed, `${JSON.stringify(m)}: ok should be ${listed}`, before);
          },
        });
      }),
      { numRuns: 300 },
    );
  });
});

describe('determinism', LONG, () => {
  const trace = (initial: GameState, choices: readonly Choice[]) => {
    const out: string[] = [JSON.stringify(initial)];
    let s = initial;
    for (const c of choices) {
      const r = applyChoice(s, c);
      s = r.state;
      out.push(JSON.stringify(s), JSON.stringify(r.events));
    }
    return out;
  };

  it('the same seed and the same answers give a byte-identical game', () => {
    fc.assert(
      fc.property(gameArb, (g) => {
        const a = play(g);
        const b = createGame({ players: g.players, seed: g.seed });
        expect(JSON.stringify(b)).toBe(JSON.stringify(a.initial));
        expect(trace(b, a.choices)).toEqual(trace(a.initial, a.choices));
        // A second chooser from the same seed makes the same choices.
        expect(JSON.stringify(play(g).choices)).toBe(JSON.stringify(a.choices));
      }),
      { numRuns: 300 },
    );
  });

  it('a JSON round trip of any state continues identically', () => {
    fc.assert(
      fc.property(gameArb, fc.double({ min: 0, max: 1, noNaN: true }), (g, at) => {
        const a = play(g);
        const k = Math.floor(at * a.choices.length);
        const mid = replay(a.initial, a.choices.slice(0, k)).state;
        const copy = JSON.parse(JSON.stringify(mid)) as GameState;
        expect(copy).toEqual(mid);
        const rest = a.choices.slice(k);
        expect(trace(copy, rest)).toEqual(trace(mid, rest));
      }),
      { numRuns: 300 },
    );
  });
});

describe('simultaneous windows', LONG, () => {
  /** Applies window answers in `order` until the window closes; answers no longer pending are refused. */
  function answerWindow(s: GameState, answers: readonly (readonly [number, Action])[]) {
    const phase = s.phase;
    let state = s;
    const events: GameEvent[] = [];
    for (const [seat, a] of answers) {
      if (state.phase !== phase) break;
      const r = applyAction(state, seat, a);
      if (r.ok) {
        state = r.state;
        events.push(...r.events);
      } else if (r.error.code !== 'not_pending') throw new Error(`unexpected refusal: ${r.error.message}`);
    }
    if (state.phase === phase) throw new Error('the window did not close');
    return { state, events: events.filter((e) => e.type !== 'passed') };
  }

  it('the order of the answers never changes the outcome', () => {
    let windows = 0;
    fc.assert(
      fc.property(gameArb, fc.nat(), (g, sample) => {
        const pick = seededPicker(sample);
        const shuffled = <T>(xs: readonly T[]): T[] => {
          const out = [...xs];
          for (let i = out.length - 1; i > 0; i--) {
            const j = pick(i + 1);
            [out[i], out[j]] = [out[j]!, out[i]!];
          }
          return out;
        };
        play(g, {
          onStep: (before) => {
            if (before.phase !== 'challenge_action' && before.phase !== 'block') return;
            const pending = pendingSeats(before);
            if (pending.length < 2) return;
            windows++;
            const answers = pending.map((seat) => {
              const legal = legalActions(before, seat);
              return [seat, legal[pick(legal.length)]!] as const;
            });
            const a = answerWindow(before, shuffled(answers));
            const b = answerWindow(before, shuffled(answers));
            if (JSON.stringify(a) !== JSON.stringify(b)) {
              throw new Error(`answer order changed the outcome: ${JSON.stringify(answers)}`);
            }
          },
        });
      }),
      { numRuns: 600 },
    );
    expect(windows).toBeGreaterThan(500);
  });
});

describe('hidden information', LONG, () => {
  /** The same game with the cards `observer` cannot see permuted (others' face-down cards, the deck, and the drawn cards unless they are its own). */
  function permuteHidden(s: GameState, observer: number | null, pick: (n: number) => number): GameState {
    const v = JSON.parse(JSON.stringify(s)) as GameState;
    const slots: { get: () => Role; set: (r: Role) => void }[] = [];
    v.players.forEach((p, seat) => {
      if (seat === observer) return;
      for (const c of p.cards) if (!c.revealed) slots.push({ get: () => c.role, set: (r) => (c.role = r) });
    });
    v.deck.forEach((_, i) => slots.push({ get: () => v.deck[i]!, set: (r) => (v.deck[i] = r) }));
    if (v.activeSeat !== observer)
      v.drawn.forEach((_, i) => slots.push({ get: () => v.drawn[i]!, set: (r) => (v.drawn[i] = r) }));
    const roles = slots.map((x) => x.get());
    for (let i = roles.length - 1; i > 0; i--) {
      const j = pick(i + 1);
      [roles[i], roles[j]] = [roles[j]!, roles[i]!];
    }
    slots.forEach((x, i) => x.set(roles[i]!));
    return v;
  }

  it('two games that differ only in hidden cards look the same to a seat that cannot see them', () => {
    let compared = 0;
    fc.assert(
      fc.property(gameArb, fc.nat(), fc.double({ min: 0, max: 1, noNaN: true }), (g, sample, at) => {
        const pick = seededPicker(sample);
        const game = play(g);
        const k = Math.floor(at * game.choices.length);
        const observer = pick(g.players + 1) === g.players ? null : pick(g.players);
        let a = replay(game.initial, game.choices.slice(0, k)).state;
        let b = permuteHidden(a, observer, pick);
        expect(allCards(b)).toEqual(FULL_DECK_SORTED);
        let seenA = '';
        let seenB = '';
        const same = () => {
          expect(viewFor(b, observer)).toEqual(viewFor(a, observer));
          expect(pendingSeats(b)).toEqual(pendingSeats(a));
          if (observer !== null) expect(legalActions(b, observer)).toEqual(legalActions(a, observer));
          compared++;
        };
        same();
        for (const c of game.choices.slice(k)) {
          const ra = applyChoice(a, c);
          a = ra.state;
          seenA += JSON.stringify(eventsFor(ra.events, observer));
          const rb =
            c.action === 'forfeit'
              ? { ok: true as const, ...forfeit(b, c.seat) }
              : applyAction(b, c.seat, c.action);
          if (!rb.ok) break; // only possible once the public histories have diverged (checked below)
          b = rb.state;
          seenB += JSON.stringify(eventsFor(rb.events, observer));
          if (seenA !== seenB) break;
          same();
        }
        if (seenA === seenB && a.phase !== 'game_over') {
          // Stopped on a refusal: the histories must have differed before it, which they did not.
          throw new Error('a public-identical variant refused the same decision');
        }
      }),
      { numRuns: 800 },
    );
    expect(compared).toBeGreaterThan(2000);
  });
});
