import { describe, expect, it, vi } from 'vitest';
import { decisionId } from '@coup/protocol';
import type { DecisionRequest } from '@coup/protocol';
import { AnswerCache } from './answer';
import { realRequest } from './test/fixtures';

// The answer cache serves retries and WebSocket resends of one decision; it must never answer a
// different question, even one sent under an id it has seen (a match re-run by a platform after a crash).

const last = (r: DecisionRequest) => r.legalActions[r.legalActions.length - 1]!;

describe('AnswerCache', () => {
  it('answers a decision sent again from the cache, without deciding twice', async () => {
    const cache = new AnswerCache();
    const decide = vi.fn(last);
    const req = realRequest('cache', 5);
    const first = await cache.answer(req, decide);
    // A retry carries a new deadline: still the same question.
    const again = await cache.answer({ ...req, deadline: req.deadline + 1000 }, decide);
    expect(again).toEqual(first);
    expect(decide).toHaveBeenCalledTimes(1);
  });

  it('decides again when an id it answered comes back with another question', async () => {
    const cache = new AnswerCache();
    const decide = vi.fn(last);
    // Seat 0's turn in the first run; in the re-run, under the same id, seat 0 is in a challenge window.
    const before = realRequest('rerun', 0);
    const after: DecisionRequest = {
      ...before,
      phase: 'challenge_action',
      legalActions: [{ type: 'challenge' }, { type: 'pass' }],
    };
    const old = await cache.answer(before, decide);
    expect(after.legalActions).not.toContainEqual(old.action);
    const answer = await cache.answer(after, decide);
    expect(decide).toHaveBeenCalledTimes(2);
    expect(after.legalActions).toContainEqual(answer.action);
  });

  it('keeps the answers of two attempts of a match apart (decision ids differ per attempt)', async () => {
    const cache = new AnswerCache();
    const decide = vi.fn(last);
    const req = realRequest('attempts', 5);
    const a1 = { ...req, decisionId: decisionId(req.matchId, 5, req.seat, 1) };
    const a2 = { ...req, decisionId: decisionId(req.matchId, 5, req.seat, 2) };
    expect(a1.decisionId).not.toBe(a2.decisionId);
    await cache.answer(a1, decide);
    await cache.answer(a2, decide);
    expect(decide).toHaveBeenCalledTimes(2);
  });
});
