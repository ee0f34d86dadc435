import { CLAIM, createGame } from '@coup/engine';
import type { Action, TurnActionType } from '@coup/engine';
import { DecisionRequest } from '@coup/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FAST_BOT_KINDS, createBot } from './index';
import type { Bot, BotKind } from './index';
import { buildRequest } from './testing/request';
import { playMatch } from './testing/match';
import { assertEveryKindAnswersLegally, faceDown, lineup } from './testing/legality';

describe('every bot answers only legal actions', () => {
  it('in thousands of situations from random matches, for every kind at every decision', () => {
    let situations = 0;
    assertEveryKindAnswersLegally({ numRuns: 100, seed: 7, onDecision: () => void situations++ });
    expect(situations).toBeGreaterThan(5000);
  }, 60_000);

  it('builds requests that the protocol schema accepts', () => {
    playMatch([createBot('heuristic'), createBot('random'), createBot('honest')], {
      seed: 'schema',
      onDecision(req) {
        expect(DecisionRequest.safeParse(req).success).toBe(true);
      },
    });
  });
});

describe('honest bot', () => {
  const run = (onDecision: (req: DecisionRequest, a: Action, bot: Bot) => void) =>
    fc.assert(
      fc.property(lineup, fc.string({ maxLength: 12 }), (kinds: BotKind[], seed: string) => {
        // At least one honest seat in every match.
        const bots = ['honest' as BotKind, ...kinds.slice(1)].map((k, i) =>
          createBot(k, { seed: `${seed}${i}` }),
        );
        playMatch(bots, { seed, onDecision });
      }),
      { numRuns: 80, seed: 11 },
    );

  it('never claims a role it does not hold, in actions or blocks', () => {
    run((req, a, bot) => {
      if (bot.name !== 'honest') return;
      const hand = faceDown(req);
      if (req.phase === 'action') {
        const claim = CLAIM[a.type as TurnActionType];
        if (claim) expect(hand).toContain(claim);
      }
      if (a.type === 'block') expect(hand).toContain(a.data?.role);
    });
  }, 60_000);

  it('challenges only claims that the cards it sees prove false', () => {
    let challenges = 0;
    run((req, a, bot) => {
      if (bot.name !== 'honest' || a.type !== 'challenge') return;
      const p = req.state.pending;
      const claim = req.phase === 'challenge_action' ? p?.claim : p?.blockRole;
      expect(claim).toBeTruthy();
      const revealed = req.state.players.flatMap((x) => x.revealed).filter((r) => r === claim).length;
      const own = faceDown(req).filter((r) => r === claim).length;
      expect(revealed + own).toBe(3);
      challenges++;
    });
    expect(challenges).toBeGreaterThan(0);
  }, 60_000);
});

describe('determinism', () => {
  const lineupOf = (seed: string): Bot[] =>
    (['heuristic', 'random', 'honest', 'random'] as const).map((k, i) =>
      createBot(k, { seed: `${seed}:${i}` }),
    );

  it('the same seeds give the same match, decision for decision', () => {
    const trace = (seed: string) => {
      const answers: string[] = [];
      const r = playMatch(lineupOf(seed), { seed, onDecision: (_req, a) => answers.push(JSON.stringify(a)) });
      return { answers, ranking: r.ranking };
    };
    expect(trace('d1')).toEqual(trace('d1'));
    expect(trace('d1').answers).not.toEqual(trace('d2').answers);
  });

  it('a bot answers a repeated request (whole history) the same way, whatever it was asked in between', () => {
    // Requests with each seat's whole history (protocol 1 style): a delta only makes sense after the
    // requests before it, which the bot remembers (memory.test.ts).
    const reqs: DecisionRequest[] = [];
    const wholes: DecisionRequest['history'][] = [[], [], [], []];
    playMatch(lineupOf('rq'), {
      seed: 'rq',
      onDecision: (req) => {
        const whole = wholes[req.seat]!.slice(0, req.historyFrom).concat(req.history);
        wholes[req.seat] = whole;
        reqs.push({ ...req, history: whole, historyFrom: 0 });
      },
    });
    for (const kind of FAST_BOT_KINDS) {
      const a = createBot(kind, { seed: 's' });
      const b = createBot(kind, { seed: 's' });
      const first = reqs.map((r) => a.decide(r));
      const reversed = [...reqs]
        .reverse()
        .map((r) => b.decide(r))
        .reverse();
      expect(reversed).toEqual(first);
    }
  });

  it('the random bot depends on its seed', () => {
    const req = buildRequest({
      state: createGame({ players: 4, seed: 'x' }),
      seat: createGame({ players: 4, seed: 'x' }).activeSeat,
      matchId: 'm',
      decisionId: 'm.1',
      names: ['a', 'b', 'c', 'd'],
      history: [],
    });
    const answers = new Set(
      Array.from({ length: 40 }, (_, i) =>
        JSON.stringify(createBot('random', { seed: `s${i}` }).decide(req)),
      ),
    );
    expect(answers.size).toBeGreaterThan(3);
  });
});

it('createBot rejects unknown kinds', () => {
  expect(() => createBot('nope' as BotKind)).toThrow(/unknown bot kind/);
});
