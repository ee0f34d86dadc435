import fc from 'fast-check';
import type { Action, Role, RulesetId } from '@coup/engine';
import type { DecisionRequest } from '@coup/protocol';
import { FAST_BOT_KINDS } from '../types';
import type { Bot, BotKind } from '../types';
import { createBot } from '../create';
import { playMatch } from './match';

// What the bots' property tests share, in either ruleset: random lineups of the fast kinds (the search
// levels, too slow to ask at every decision, have their own legality tests in search/), and the check that
// an answer is one of the listed legal actions.

export const isListed = (req: DecisionRequest, a: Action): boolean =>
  req.legalActions.some((l) => JSON.stringify(l) === JSON.stringify(a));

export const faceDown = (req: DecisionRequest): Role[] =>
  (req.state.you?.cards ?? []).filter((c) => !c.revealed).map((c) => c.role);

export const lineup = fc.array(fc.constantFrom(...FAST_BOT_KINDS), { minLength: 2, maxLength: 6 });

/**
 * Plays random matches of random lineups; at every decision the seated bot's answer, and the answer every
 * fast kind gives to the same request, must be listed as legal. `onDecision` sees each decision after.
 */
export function assertEveryKindAnswersLegally(o: {
  ruleset?: RulesetId;
  numRuns: number;
  seed: number;
  onDecision?: (req: DecisionRequest, action: Action) => void;
}): void {
  fc.assert(
    fc.property(lineup, fc.string({ maxLength: 12 }), (kinds: BotKind[], seed: string) => {
      const all = FAST_BOT_KINDS.map((k) => createBot(k, { seed }));
      playMatch(
        kinds.map((k, i) => createBot(k, { seed: `${seed}${i}` })),
        {
          seed,
          ...(o.ruleset ? { ruleset: o.ruleset } : {}),
          onDecision(req, action, seated: Bot) {
            // playMatch already throws on an answer the engine rejects; this also checks the object.
            if (!isListed(req, action)) throw new Error(`${seated.name}: ${JSON.stringify(action)}`);
            // Every kind, asked the same question, answers legally too.
            for (const bot of all) {
              const a = bot.decide(req).action as Action;
              if (!isListed(req, a)) throw new Error(`${bot.name}: ${JSON.stringify(a)} in ${req.phase}`);
            }
            o.onDecision?.(req, action);
          },
        },
      );
    }),
    { numRuns: o.numRuns, seed: o.seed },
  );
}
