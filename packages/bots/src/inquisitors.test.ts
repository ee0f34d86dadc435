import { RULESETS } from '@coup/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createBot } from './index';
import type { BotKind } from './index';
import { playMatch } from './testing/match';
import { assertEveryKindAnswersLegally, faceDown, lineup } from './testing/legality';
import { runSeries, winRate } from './testing/series';

// Every built-in bot plays the Inquisitor game (ruleset `inquisitors`) as well as `original` (the search
// levels, too slow to ask at every decision here, have their own legality test in search/search.test.ts).

describe('bots in the Inquisitor game', () => {
  it('every kind answers only legal actions, in every phase of it', () => {
    const phases = new Set<string>();
    const types = new Set<string>();
    assertEveryKindAnswersLegally({
      ruleset: 'inquisitors',
      numRuns: 60,
      seed: 20,
      onDecision(req, action) {
        phases.add(req.phase);
        types.add(action.type);
      },
    });
    for (const p of ['interrogate_show', 'interrogate_decide', 'exchange_return'])
      expect(phases).toContain(p);
    for (const t of ['interrogate', 'show_card', 'allow', 'force_exchange']) expect(types).toContain(t);
  }, 60_000);

  it('the honest bot claims and blocks only with roles it holds, the inquisitor included', () => {
    let inquisitorClaims = 0;
    fc.assert(
      fc.property(lineup, fc.string({ maxLength: 12 }), (kinds: BotKind[], seed: string) => {
        const bots = ['honest' as BotKind, ...kinds.slice(1)].map((k, i) =>
          createBot(k, { seed: `${seed}${i}` }),
        );
        playMatch(bots, {
          seed,
          ruleset: 'inquisitors',
          onDecision(req, a, bot) {
            if (bot.name !== 'honest') return;
            const hand = faceDown(req);
            if (req.phase === 'action') {
              const claim = RULESETS.inquisitors.action[a.type as 'tax']?.claim;
              if (claim) expect(hand).toContain(claim);
              if (claim === 'inquisitor') inquisitorClaims++;
            }
            if (a.type === 'block') expect(hand).toContain(a.data?.role);
          },
        });
      }),
      { numRuns: 40, seed: 21 },
    );
    expect(inquisitorClaims).toBeGreaterThan(0);
  }, 60_000);

  it('heuristic > honest > random in win rate, as in original', () => {
    const r = runSeries({ games: 240, seed: 'vitest-strength-inq', ruleset: 'inquisitors' });
    const rate = (k: 'random' | 'honest' | 'heuristic') => winRate(r.overall.get(k)!);
    expect(rate('heuristic')).toBeGreaterThan(rate('honest') + 0.1);
    expect(rate('honest')).toBeGreaterThan(rate('random') + 0.05);
  }, 60_000);

  it('the heuristic bot interrogates, and forces exchanges of some shown cards but not all', () => {
    const counts = { interrogate: 0, force_exchange: 0, allow: 0 };
    for (let g = 0; g < 30; g++)
      playMatch(
        [
          createBot('heuristic', { seed: `h${g}` }),
          createBot('honest'),
          createBot('random', { seed: `r${g}` }),
        ],
        {
          seed: `inq-h-${g}`,
          ruleset: 'inquisitors',
          onDecision(_req, a, bot) {
            if (bot.name === 'heuristic' && a.type in counts) counts[a.type as keyof typeof counts]++;
          },
        },
      );
    expect(counts.interrogate).toBeGreaterThan(0);
    expect(counts.force_exchange).toBeGreaterThan(0);
    expect(counts.allow).toBeGreaterThan(0);
  }, 60_000);
});
