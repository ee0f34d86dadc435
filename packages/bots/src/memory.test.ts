import { describe, expect, it } from 'vitest';
import type { DecisionRequest } from '@coup/protocol';
import { createBot } from './index';
import { FAST_BOT_KINDS } from './types';
import { playMatch } from './testing/match';
import { applyEntry, blankRecord, readHistory } from './history';
import { HistoryMemory } from '@coup/protocol';

// Bots keep each match's history in memory, folded from each request's new events: the same answers as
// reading the whole history at every decision, without re-reading it.

/** Each request of a match with its seat's whole history (folded back from the deltas). */
function recorded(seed: string): { req: DecisionRequest; whole: DecisionRequest['history'] }[] {
  const kinds = ['heuristic', 'honest', 'random', 'heuristic'] as const;
  const out: { req: DecisionRequest; whole: DecisionRequest['history'] }[] = [];
  const wholes: DecisionRequest['history'][] = kinds.map(() => []);
  playMatch(
    kinds.map((k) => createBot(k, { seed })),
    {
      seed,
      onDecision: (req) => {
        const w = wholes[req.seat]!.slice(0, req.historyFrom).concat(req.history);
        wholes[req.seat] = w;
        out.push({ req, whole: w });
      },
    },
  );
  return out;
}

describe('bot memory', () => {
  it.each(FAST_BOT_KINDS)('%s answers delta requests as it answers the whole history', (kind) => {
    for (const seed of ['mem-1', 'mem-2', 'mem-3']) {
      const game = recorded(seed);
      expect(game.some((g) => (g.req.historyFrom ?? 0) > 0)).toBe(true);
      const kept = [0, 1, 2, 3].map(() => createBot(kind, { seed }));
      for (const { req, whole } of game) {
        // A fresh bot given the whole history (protocol 1) is the reference.
        const fresh = createBot(kind, { seed }).decide({ ...req, history: whole, historyFrom: 0 });
        expect(kept[req.seat]!.decide(req)).toEqual(fresh);
      }
    }
  });

  it('folds each entry once, resends included, and flags a gap until the whole history comes', () => {
    let folded = 0;
    const memory = new HistoryMemory(
      () => blankRecord(),
      (h, e) => {
        folded++;
        applyEntry(h, e);
      },
    );
    const game = recorded('mem-gap').filter((g) => g.req.seat === 1);
    for (const { req } of game) memory.recall(req);
    const last = game.at(-1)!;
    expect(folded).toBe(last.whole.length);
    const again = memory.recall(game[game.length - 2]!.req);
    expect(folded).toBe(last.whole.length);
    expect(again.state.recs).toEqual(readHistory(last.whole, 6));

    const late = new HistoryMemory(() => blankRecord(), applyEntry);
    const mid = game.find((g) => (g.req.historyFrom ?? 0) > 0)!;
    expect(late.recall(mid.req).complete).toBe(false);
    const bot = createBot('heuristic', { seed: 'x' });
    expect(bot.decide(mid.req)).toMatchObject({ history: 'full' });
    const whole = { ...last.req, history: last.whole, historyFrom: 0 };
    expect(bot.decide(whole)).not.toHaveProperty('history');
    expect(late.recall(whole)).toMatchObject({ complete: true, state: { recs: readHistory(last.whole, 6) } });
  });
});
