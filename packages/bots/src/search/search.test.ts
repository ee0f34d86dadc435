import { RULESET_IDS, applyAction, createGame, eventsFor, isOver, pendingSeats } from '@coup/engine';
import type { Action, GameEvent, GameState, Role, RulesetId } from '@coup/engine';
import { historyEntry } from '@coup/protocol';
import type { DecisionRequest } from '@coup/protocol';
import { describe, expect, it } from 'vitest';
import { createBot, parseBotSpec, botFromSpec, searchBot, SEARCH_LEVELS } from '../index';
import { buildRequest } from '../testing/request';
import { tableBot } from '../testing/duel';
import { playMatch } from '../testing/match';
import { blankKnowledge, foldKnowledge } from './knowledge';
import { fastRandom } from './rollout';
import { search } from './search';

const isListed = (req: DecisionRequest, a: unknown): boolean =>
  req.legalActions.some((l) => JSON.stringify(l) === JSON.stringify(a));

/** Positions of a heuristic-bot match where `seat` decides: the state and the seat's whole history. */
function positions(seed: string, players: number, ruleset: RulesetId = 'original') {
  const bots = Array.from({ length: players }, (_, i) => createBot('heuristic', { seed: `${seed}${i}` }));
  let state = createGame({ players, seed, ruleset });
  const events: GameEvent[] = [];
  const out: { state: GameState; seat: number; events: GameEvent[] }[] = [];
  let step = 0;
  while (!isOver(state) && step < 400) {
    step++;
    const seat = pendingSeats(state)[0] as number;
    out.push({ state, seat, events: events.slice() });
    const req = buildRequest({
      state,
      seat,
      matchId: 'p',
      decisionId: `p.${step}`,
      names: bots.map((b) => b.name),
      history: eventsFor(events, seat).map(historyEntry),
    });
    const r = applyAction(state, seat, (bots[seat]?.decide(req).action ?? req.legalActions[0]) as Action);
    if (!r.ok) throw new Error(r.error.message);
    state = r.state;
    events.push(...r.events);
  }
  return out;
}

/** The same position with every card `seat` cannot see dealt again at random (counts kept). */
function swapHidden(s: GameState, seat: number, salt: number): GameState {
  const rnd = fastRandom(salt);
  const hidden: Role[] = [...s.deck];
  s.players.forEach((p, i) => {
    if (i !== seat) for (const c of p.cards) if (!c.revealed) hidden.push(c.role);
  });
  for (let i = hidden.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [hidden[i], hidden[j]] = [hidden[j] as Role, hidden[i] as Role];
  }
  let at = 0;
  const players = s.players.map((p, i) => ({
    ...p,
    cards: p.cards.map((c) => (i === seat || c.revealed ? { ...c } : { ...c, role: hidden[at++] as Role })),
  }));
  return { ...s, players, deck: hidden.slice(at), rng: [salt, 1, 2, 3] };
}

function requestAt(state: GameState, seat: number, events: GameEvent[], step: number): DecisionRequest {
  return buildRequest({
    state,
    seat,
    matchId: 'p',
    decisionId: `p.${step}`,
    names: state.players.map((_, i) => `s${i}`),
    history: eventsFor(events, seat).map(historyEntry),
  });
}

const BUDGET = { playouts: 48, ms: 60_000 };

describe('search agent', () => {
  it('never reads another seat cards: the same decision with every hidden card dealt differently', () => {
    let compared = 0;
    let differentStates = 0;
    for (const ruleset of RULESET_IDS) {
      const all = positions(`swap-${ruleset}`, 3, ruleset);
      for (let i = 0; i < all.length; i += 5) {
        const { state, seat, events } = all[i]!;
        const swapped = swapHidden(state, seat, i + 1);
        if (JSON.stringify(swapped) !== JSON.stringify(state)) differentStates++;
        const a = requestAt(state, seat, events, i);
        const b = requestAt(swapped, seat, events, i);
        const decide = (req: DecisionRequest) => {
          const k = blankKnowledge();
          for (const e of req.history) foldKnowledge(k, e);
          return search(req, k, BUDGET, fastRandom(99));
        };
        const ra = decide(a);
        const rb = decide(b);
        expect(rb.action).toEqual(ra.action);
        expect(rb.means).toEqual(ra.means);
        // And the bot as agents meet it.
        expect(searchBot({ seed: 'x', budget: BUDGET }).decide(b)).toEqual(
          searchBot({ seed: 'x', budget: BUDGET }).decide(a),
        );
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(12);
    expect(differentStates).toBeGreaterThan(compared / 2);
  }, 60_000);

  it('answers only legal actions, at 2, 4 and 6 seats, in both rulesets', () => {
    for (const ruleset of RULESET_IDS) {
      for (const players of [2, 4, 6]) {
        const bots = Array.from({ length: players }, (_, i) =>
          i % 2 === 0 ? createBot('search-1', { seed: `l${i}` }) : createBot('heuristic', { seed: `l${i}` }),
        );
        // playMatch throws on any answer the engine rejects.
        const r = playMatch(bots, {
          seed: `legal-${ruleset}-${players}`,
          ruleset,
          onDecision: (req, action) => expect(isListed(req, action)).toBe(true),
        });
        expect(r.ranking.flat().sort()).toEqual(bots.map((_, i) => i));
      }
    }
  }, 60_000);

  // Reproducible for a seed and a playout budget: the bots here have no wall-clock cap (tableBot), which on
  // a loaded machine could stop a search early (the cap is tested on its own below).
  it('is deterministic for a seed and a playout budget', () => {
    const trace = () => {
      const answers: string[] = [];
      playMatch([tableBot('search-2', 'd'), createBot('heuristic', { seed: 'h' })], {
        seed: 'det',
        onDecision: (_req, a) => answers.push(JSON.stringify(a)),
      });
      return answers;
    };
    expect(trace()).toEqual(trace());
  }, 60_000);

  it('answers delta requests as it answers the whole history', () => {
    const wholes: DecisionRequest['history'][] = [[], [], []];
    const reqs: { req: DecisionRequest; whole: DecisionRequest['history'] }[] = [];
    playMatch(
      [0, 1, 2].map((i) => createBot('heuristic', { seed: `m${i}` })),
      {
        seed: 'mem',
        onDecision: (req) => {
          const whole = wholes[req.seat]!.slice(0, req.historyFrom).concat(req.history);
          wholes[req.seat] = whole;
          reqs.push({ req, whole });
        },
      },
    );
    expect(reqs.some(({ req }) => (req.historyFrom ?? 0) > 0)).toBe(true);
    const kept = [0, 1, 2].map(() => tableBot('search-1', 'mem'));
    for (const { req, whole } of reqs) {
      const fresh = tableBot('search-1', 'mem').decide({ ...req, history: whole, historyFrom: 0 });
      expect(kept[req.seat]!.decide(req)).toEqual(fresh);
    }
  }, 60_000);

  it('stops at its time limit, and never takes more than 30% of the request timeout', () => {
    const { state, seat, events } = positions('clock', 2)[0]!;
    const req = requestAt(state, seat, events, 0);
    const k = blankKnowledge();
    // A clock that advances 1 ms each time it is read: the search must stop by itself, on its cap.
    let t = 0;
    const r = search(req, k, { playouts: 1e9, ms: 25 }, fastRandom(1), () => t++);
    expect(t).toBeLessThanOrEqual(27);
    expect(r.playouts).toBeGreaterThan(0);
    let u = 0;
    const short = search({ ...req, timeoutMs: 100 }, k, { playouts: 1e9, ms: 1e9 }, fastRandom(1), () => u++);
    expect(u).toBeLessThanOrEqual(32);
    expect(short.playouts).toBeGreaterThan(0);
    // Every level's cap leaves most of the default deadline (MATCH_TIMEOUT_MS, 5000 ms).
    for (const level of Object.values(SEARCH_LEVELS)) expect(level.ms).toBeLessThanOrEqual(1500);
  });

  it('a real time budget is kept on the wall clock', () => {
    const { state, seat, events } = positions('wall', 4)[0]!;
    const req = requestAt(state, seat, events, 0);
    const bot = botFromSpec(parseBotSpec('search --budget-ms 40'));
    const t0 = performance.now();
    expect(isListed(req, bot.decide(req).action)).toBe(true);
    // Generous slack (a shared CI machine): the point is that a huge playout budget does not run on.
    expect(performance.now() - t0).toBeLessThan(1000);
  });

  it('parses bot specs', () => {
    expect(parseBotSpec('search-2')).toEqual({ kind: 'search-2' });
    expect(parseBotSpec('search --budget-ms 300')).toEqual({ kind: 'search', budgetMs: 300 });
    expect(parseBotSpec('search --budget-playouts 50 --budget-ms 9')).toEqual({
      kind: 'search',
      budgetPlayouts: 50,
      budgetMs: 9,
    });
    expect(() => parseBotSpec('search --budget-ms x')).toThrow(/positive integer/);
    expect(() => parseBotSpec('search --depth 3')).toThrow(/unknown option/);
    expect(() => parseBotSpec('genius')).toThrow(/unknown bot/);
    expect(createBot('search-3').name).toBe('search-3');
  });
});
