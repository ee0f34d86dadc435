import { applyAction, createGame, eventsFor, isOver, pendingSeats } from '@coup/engine';
import type { GameEvent, GameState } from '@coup/engine';
import { buildDecisionRequest, historyEntry } from '@coup/protocol';
import type { DecisionRequest, HistoryEntry } from '@coup/protocol';
import { describe, expect, it } from 'vitest';
import { createAgent } from './agent';
import { MatchMemory } from './memory';

// Protocol 2's delta requests (PROTOCOL.md "History modes") reach an SDK agent's decide with the whole
// history, as protocol 1's did.

const DELTA = { historyMode: 'delta', wantsPrompt: false } as const;

/** A whole 3-seat game as delta requests (each seat's from its previous request), with each whole history. */
function deltaGame(seed: string): { req: DecisionRequest; whole: HistoryEntry[] }[] {
  let state: GameState = createGame({ players: 3, seed });
  const events: GameEvent[] = [];
  const sentUpTo = [0, 0, 0];
  const out: { req: DecisionRequest; whole: HistoryEntry[] }[] = [];
  let round = 0;
  while (!isOver(state)) {
    const seat = pendingSeats(state)[0] as number;
    const whole = eventsFor(events, seat).map(historyEntry);
    const from = sentUpTo[seat] as number;
    const req = buildDecisionRequest({
      state,
      seat,
      matchId: `mt_${seed}`,
      decisionId: `mt_${seed}.a1.${round++}.${seat}`,
      deadline: Date.now() + 5000,
      timeoutMs: 5000,
      names: ['a', 'b', 'c'],
      history: whole.slice(from),
      historyFrom: from,
      wire: DELTA,
    });
    sentUpTo[seat] = whole.length;
    out.push({ req, whole });
    const r = applyAction(state, seat, req.legalActions[0]!);
    if (!r.ok) throw new Error(r.error.message);
    state = r.state;
    events.push(...r.events);
  }
  return out;
}

describe('MatchMemory', () => {
  it("gives decide each seat's whole history from delta requests", async () => {
    const seen: DecisionRequest[] = [];
    const agent = createAgent({ decide: (req) => (seen.push(req), req.legalActions[0]!) });
    const game = deltaGame('sdk-delta');
    expect(game.some((g) => (g.req.historyFrom ?? 0) > 0)).toBe(true);
    for (const g of game) {
      const answer = await agent.answer(g.req);
      expect(answer).not.toHaveProperty('history');
    }
    expect(seen.map((r) => r.history)).toEqual(game.map((g) => g.whole));
    expect(seen.every((r) => r.historyFrom === 0)).toBe(true);
  });

  it('adds repeated events once, and asks for the whole history after a gap', async () => {
    const game = deltaGame('sdk-gap');
    const late = game.filter((g) => g.req.seat === 1 && (g.req.historyFrom ?? 0) > 0);
    const [a, b] = late as [(typeof game)[number], (typeof game)[number]];
    const seen: DecisionRequest[] = [];
    const agent = createAgent({ decide: (req) => (seen.push(req), req.legalActions[0]!) });
    // A process that starts mid-match: events are missing.
    const first = await agent.answer(a.req);
    expect(first).toMatchObject({ history: 'full' });
    expect(seen[0]?.history).toEqual(a.req.history);
    // The platform then sends the whole history (historyFrom 0), and deltas after it.
    const full = { ...b.req, history: b.whole, historyFrom: 0, decisionId: `${b.req.decisionId}x` };
    expect(await agent.answer(full)).not.toHaveProperty('history');
    expect(seen[1]?.history).toEqual(b.whole);

    const memory = new MatchMemory();
    const g0 = game.filter((g) => g.req.seat === 0);
    for (const g of g0) memory.remember(g.req);
    // Sent again (a resend, or a delta from before the last answer): nothing is added twice.
    const middle = g0.find((g) => (g.req.historyFrom ?? 0) > 0)!;
    const again = memory.remember(middle.req);
    expect(again.complete).toBe(true);
    expect(again.req.history).toEqual(g0.at(-1)!.whole);
  });

  it('passes protocol 1 requests through, and keeps at most `limit` matches', () => {
    const memory = new MatchMemory(2);
    for (const seed of ['m1', 'm2', 'm3']) memory.remember(deltaGame(seed)[0]!.req);
    expect(memory.size).toBe(2);
    const v1 = { ...deltaGame('m4')[0]!.req, protocol: 1 as const, historyFrom: undefined, prompt: 'x' };
    expect(memory.remember(v1)).toEqual({ req: v1, complete: true });
  });
});
