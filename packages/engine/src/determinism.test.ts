import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyAction, legalActions, pendingSeats } from './index';
import type { Action, GameEvent, GameState } from './index';
import { randomBelow, seededRandom, shuffled } from '@coup/random';
import { applyChoice, gameOf, playGame, replay, rulesetGameArb } from './testing';
import type { Choice } from './testing';

// RULES.md "Determinism" and "Simultaneous windows": the same seed and answers give the same game byte
// for byte, a stored (JSON) state resumes identically, and the order of answers in a window never matters;
// in both rulesets (original and inquisitors).

const LONG = { timeout: 60_000 };

/** Every state and every step's events, serialised. */
function trace(initial: GameState, choices: readonly Choice[]): string[] {
  const out: string[] = [JSON.stringify(initial)];
  let s = initial;
  for (const c of choices) {
    const r = applyChoice(s, c);
    s = r.state;
    out.push(JSON.stringify(s), JSON.stringify(r.events));
  }
  return out;
}

describe('determinism', LONG, () => {
  it('the same seed and the same answers give a byte-identical game', () => {
    fc.assert(
      fc.property(rulesetGameArb, (g) => {
        const a = playGame(g);
        const b = gameOf(g);
        expect(JSON.stringify(b)).toBe(JSON.stringify(a.initial));
        expect(trace(b, a.choices)).toEqual(trace(a.initial, a.choices));
        // A second chooser from the same seed makes the same choices.
        expect(JSON.stringify(playGame(g).choices)).toBe(JSON.stringify(a.choices));
      }),
      { numRuns: 300 },
    );
  });

  it('a JSON round trip of any state continues identically', () => {
    fc.assert(
      fc.property(rulesetGameArb, fc.double({ min: 0, max: 1, noNaN: true }), (g, at) => {
        const a = playGame(g);
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
  /** Applies window answers in order until the window closes; answers no longer pending are refused. */
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
    // Passes are recorded as they come, so which of them happen depends on the order; nothing else may.
    return { state, events: events.filter((e) => e.type !== 'passed') };
  }

  it('the order of the answers never changes the outcome', () => {
    let windows = 0;
    fc.assert(
      fc.property(rulesetGameArb, fc.nat(), (g, sample) => {
        const random = seededRandom(sample);
        const pick = (n: number) => randomBelow(random, n);
        playGame(g, {
          onStep: (before) => {
            if (before.phase !== 'challenge_action' && before.phase !== 'block') return;
            const pending = pendingSeats(before);
            if (pending.length < 2) return;
            windows++;
            const answers = pending.map((seat) => {
              const legal = legalActions(before, seat);
              return [seat, legal[pick(legal.length)]!] as const;
            });
            const a = answerWindow(before, shuffled(answers, random));
            const b = answerWindow(before, shuffled(answers, random));
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
