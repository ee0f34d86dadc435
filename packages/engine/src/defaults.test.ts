import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultAction, legalActions, pendingSeats } from './index';
import type { Phase } from './index';
import {
  act,
  exchangeReturnOne,
  exchangeReturnTwo,
  forcedCoup,
  foreignAidBlockWindow,
  playGame,
  rulesetGameArb,
  targetOnLastCard,
  threeSeatOpening,
  truthfulContessaBlock,
} from './testing';

// The answer played for a seat whose answer faulted (DESIGN.md "Faults"), for every phase of every
// ruleset: the runner's defaults of `original`, and the Inquisitor's (interrogate.test.ts, inquisitors.test.ts).

describe('defaultAction', () => {
  it('original: income, or a coup on the next living seat when forced; pass; the lowest card; the drawn cards back', () => {
    expect(defaultAction(threeSeatOpening().state, 0)).toEqual(act.income);
    expect(defaultAction(forcedCoup().state, 0)).toEqual(act.coup(1));
    expect(defaultAction(foreignAidBlockWindow().state, 1)).toEqual(act.pass);
    expect(defaultAction(truthfulContessaBlock().state, 0)).toEqual(act.pass);
    expect(defaultAction(exchangeReturnTwo().state, 0)).toEqual(act.returnCards(2, 3));
    expect(defaultAction(exchangeReturnOne().state, 0)).toEqual(act.returnCards(1, 2));
    const s = targetOnLastCard().state;
    expect(defaultAction(s, 1)).toBeNull(); // not pending
  });

  it('is one of the legal actions of every pending seat, in every phase of both rulesets', () => {
    const phases = new Set<Phase>();
    fc.assert(
      fc.property(rulesetGameArb, (g) => {
        playGame(g, {
          onStep: (before) => {
            for (const seat of pendingSeats(before)) {
              const d = defaultAction(before, seat);
              if (!legalActions(before, seat).some((a) => JSON.stringify(a) === JSON.stringify(d)))
                throw new Error(
                  `default ${JSON.stringify(d)} of seat ${seat} is not legal in ${before.phase}`,
                );
              phases.add(before.phase);
            }
          },
        });
      }),
      { numRuns: 300 },
    );
    expect([...phases].sort()).toEqual(
      [
        'action',
        'block',
        'challenge_action',
        'challenge_block',
        'exchange_return',
        'interrogate_decide',
        'interrogate_show',
        'lose_influence',
      ].sort(),
    );
  }, 60_000);
});
