import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { recompute } from './recompute.ts';
import type { LoggedMatch } from './types.ts';

const pool = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

/** A match: 2-6 distinct seats, each either tied with the seat above or on a new place. */
const matchArb: fc.Arbitrary<ArbMatch> = fc.record({
  period: fc.integer({ min: 0, max: 25 }),
  seats: fc.shuffledSubarray(pool, { minLength: 2, maxLength: 6 }),
  ties: fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
});

type ArbMatch = { period: number; seats: string[]; ties: boolean[] };

function toLog(matches: ArbMatch[], periodMs: number): LoggedMatch[] {
  return matches.map((m, i) => {
    const ranking: string[][] = [];
    m.seats.forEach((id, s) => {
      const last = ranking[ranking.length - 1];
      if (last && m.ties[s]) last.push(id);
      else ranking.push([id]);
    });
    return { id: `m${i}`, finishedAt: m.period * periodMs + (i % periodMs), ranking };
  });
}

describe('rating invariants (property)', () => {
  it('keeps ratings finite and RD within (0, 350] whatever the results', () => {
    fc.assert(
      fc.property(
        fc.array(matchArb, { minLength: 1, maxLength: 120 }),
        fc.double({ min: 0.2, max: 1.2, noNaN: true }),
        (matches, tau) => {
          const log = toLog(matches, 1000);
          const { ratings, history } = recompute(log, { periodMs: 1000, tau });
          for (const h of history) {
            for (const r of h.ratings.values()) {
              expect(Number.isFinite(r.rating)).toBe(true);
              expect(Number.isFinite(r.vol) && r.vol > 0).toBe(true);
              expect(r.rd > 0 && r.rd <= 350).toBe(true);
              expect(r.wins).toBeLessThanOrEqual(r.games);
            }
          }
          expect([...ratings.values()].reduce((n, r) => n + r.games, 0)).toBe(
            log.reduce((n, m) => n + m.ranking.flat().length, 0),
          );
          // Order independence, on arbitrary logs too.
          expect(recompute([...log].reverse(), { periodMs: 1000, tau })).toEqual({ ratings, history });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('never lowers the rating of an agent that wins every match of a period alone', () => {
    fc.assert(
      fc.property(fc.array(matchArb, { minLength: 1, maxLength: 40 }), (matches) => {
        const log = toLog(matches, 1000);
        const before = recompute(log, { periodMs: 1000 }).ratings;
        const next = 1000 * 30;
        const win: LoggedMatch[] = [{ id: 'zz', finishedAt: next, ranking: [['a'], ['b'], ['c']] }];
        const after = recompute([...log, ...win], { periodMs: 1000 }).ratings;
        expect(after.get('a')!.rating).toBeGreaterThanOrEqual(before.get('a')?.rating ?? 1500);
      }),
      { numRuns: 100 },
    );
  });
});
