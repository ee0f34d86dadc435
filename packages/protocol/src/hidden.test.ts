import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventsFor, pendingSeats } from '@coup/engine';
import type { GameEvent } from '@coup/engine';
import { applyChoice, gameArb, hiddenTwin, playGame, seededPicker } from '@coup/engine/testing';
import { buildDecisionRequest } from './decision';
import { historyEntry } from './wire';

// What goes over the wire to a seat (its view, its history, its legal actions and the text prompt) is
// the same for two games that it could not tell apart at a table (issue 8): after each sampled step, a
// twin differing only in what the seat cannot know, and the next request it is sent, byte for byte.

const NAMES = ['a', 'b', 'c', 'd', 'e', 'f'];

describe('decision requests', () => {
  it('are byte-identical for games a seat cannot tell apart, prompt included', { timeout: 60_000 }, () => {
    let compared = 0;
    fc.assert(
      fc.property(gameArb, fc.nat(), (g, sample) => {
        const pick = seededPicker(sample);
        const history: GameEvent[] = [];
        playGame(g, {
          onStep: (before, choice, after, events) => {
            const asked = pendingSeats(after);
            const seat = asked.length > 0 && pick(2) === 0 ? asked[pick(asked.length)]! : null;
            if (seat !== null) {
              const twin = hiddenTwin(before, choice, seat, pick);
              const other = applyChoice(twin.state, twin.choice);
              const request = (state: typeof after, step: readonly GameEvent[]) =>
                JSON.stringify(
                  buildDecisionRequest({
                    state,
                    seat,
                    matchId: 'mt_twin',
                    decisionId: 'mt_twin.1.0',
                    deadline: 1,
                    timeoutMs: 1000,
                    names: NAMES,
                    history: eventsFor([...history, ...step], seat).map(historyEntry),
                  }),
                );
              expect(request(other.state, other.events)).toBe(request(after, events));
              compared++;
            }
            history.push(...events);
          },
        });
      }),
      { numRuns: 200 },
    );
    expect(compared).toBeGreaterThan(1000);
  });
});
