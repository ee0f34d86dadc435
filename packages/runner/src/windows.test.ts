import { describe, expect, it } from 'vitest';
import { parseDecisionId } from '@coup/protocol';
import type { DecisionRequest } from '@coup/protocol';
import type { DecisionStep } from '@coup/protocol';
import type { MatchAgent } from './agent';
import { runMatch } from './run';
import { seededPicker } from '@coup/random';
import { FOUR_SEATS } from './testing/setup';
import { verifyReplay } from './verify';

type Script = (req: DecisionRequest) => { action: unknown; delayMs?: number } | null;

/** Answers from `script` on turn 0 (after an optional delay), random legal actions otherwise. */
function scripted(seat: number, script: Script, aborted: string[] = []): MatchAgent {
  const pick = seededPicker(seat + 11);
  return {
    name: `s${seat}`,
    decide(req, signal) {
      const planned = req.state.turn === 0 ? script(req) : null;
      const answer = planned ?? { action: req.legalActions[pick(req.legalActions.length)] };
      return new Promise((resolve) => {
        const t = setTimeout(
          () => resolve({ action: answer.action }),
          'delayMs' in answer ? answer.delayMs : 0,
        );
        signal.addEventListener('abort', () => {
          clearTimeout(t);
          aborted.push(req.decisionId);
        });
      });
    },
  };
}

const turn0 = (r: { steps: unknown[] }) =>
  r.steps.filter(
    (s): s is DecisionStep => (s as DecisionStep).kind === 'decision' && (s as DecisionStep).turn === 0,
  );

describe('simultaneous windows', () => {
  it('resolve by seat order, not by answer order (block)', async () => {
    const block = { type: 'block', data: { role: 'duke' } };
    const agents = [
      scripted(0, (r) =>
        r.phase === 'action' ? { action: { type: 'foreign_aid' } } : { action: { type: 'pass' } },
      ),
      scripted(1, (r) => (r.phase === 'block' ? { action: { type: 'pass' }, delayMs: 80 } : null)),
      scripted(2, (r) => (r.phase === 'block' ? { action: block, delayMs: 40 } : null)),
      scripted(3, (r) => (r.phase === 'block' ? { action: block } : null)),
    ];
    const r = await runMatch({ matchId: 'mt_w1', seed: 'w1', agents, setup: FOUR_SEATS, timeoutMs: 2000 });
    expect(verifyReplay(r)).toEqual({ ok: true });
    const window = turn0(r).filter((s) => s.phase === 'block');
    expect(window.map((s) => s.seat)).toEqual([3, 2, 1]); // applied in arrival order
    expect(window.every((s) => s.fault === null && !s.unused)).toBe(true);
    expect(r.events.find((e) => e.type === 'blocked')).toMatchObject({ seat: 2, actor: 0, role: 'duke' });
  });

  it('resolve by seat order (challenge), and retire the requests nobody needs any more', async () => {
    const aborted: string[] = [];
    const agents = [
      scripted(0, (r) => (r.phase === 'action' ? { action: { type: 'tax' } } : null)),
      scripted(1, (r) =>
        r.phase === 'challenge_action' ? { action: { type: 'challenge' }, delayMs: 60 } : null,
      ),
      scripted(
        2,
        (r) => (r.phase === 'challenge_action' ? { action: { type: 'pass' }, delayMs: 1000 } : null),
        aborted,
      ),
      scripted(3, (r) => (r.phase === 'challenge_action' ? { action: { type: 'challenge' } } : null)),
    ];
    const started = performance.now();
    const r = await runMatch({
      matchId: 'mt_w2',
      seed: 'w2',
      agents,
      setup: FOUR_SEATS,
      timeoutMs: 3000,
      abortGraceMs: 0,
    });
    expect(verifyReplay(r)).toEqual({ ok: true });
    const window = turn0(r).filter((s) => s.phase === 'challenge_action');
    expect(window.map((s) => [s.seat, s.unused ?? false])).toEqual([
      [3, false],
      [1, false],
      [2, true],
    ]);
    expect(window[2]).toMatchObject({ answer: null, applied: null, fault: null });
    expect(aborted).toContain(window[2]!.decisionId);
    expect(r.events.find((e) => e.type === 'challenged')).toMatchObject({
      seat: 1,
      challenged: 0,
      truthful: true,
    });
    // Seat 2's slow answer was never awaited.
    expect(performance.now() - started).toBeLessThan(900);
  });

  it('ask every seat of a window at once with one deadline', async () => {
    const seen: DecisionRequest[] = [];
    const agents = [0, 1, 2, 3].map((seat) => {
      const inner = scripted(seat, (r) => (r.phase === 'action' ? { action: { type: 'tax' } } : null));
      return {
        ...inner,
        decide: (req: DecisionRequest, s: AbortSignal) => (seen.push(req), inner.decide(req, s)),
      };
    });
    const r = await runMatch({ matchId: 'mt_w3', seed: 'w3', agents, setup: FOUR_SEATS, timeoutMs: 2000 });
    expect(verifyReplay(r)).toEqual({ ok: true });
    const window = seen.filter((q) => q.state.turn === 0 && q.phase === 'challenge_action');
    expect(window.map((q) => q.seat)).toEqual([1, 2, 3]);
    expect(new Set(window.map((q) => q.deadline)).size).toBe(1);
    expect(new Set(window.map((q) => parseDecisionId(q.decisionId, 'mt_w3')?.round)).size).toBe(1);
  });

  it('abort a retired request after a short grace, unless it finished by itself', async () => {
    const aborted: string[] = [];
    const agents = [
      scripted(0, (r) => (r.phase === 'action' ? { action: { type: 'tax' } } : null)),
      scripted(1, (r) =>
        r.phase === 'challenge_action' ? { action: { type: 'challenge' }, delayMs: 10 } : null,
      ),
      scripted(
        2,
        (r) => (r.phase === 'challenge_action' ? { action: { type: 'pass' }, delayMs: 5000 } : null),
        aborted,
      ),
      scripted(
        3,
        (r) => (r.phase === 'challenge_action' ? { action: { type: 'pass' }, delayMs: 12 } : null),
        aborted,
      ),
    ];
    const retiredAt = performance.now();
    const r = await runMatch({
      matchId: 'mt_w4',
      seed: 'w4',
      agents,
      setup: FOUR_SEATS,
      abortGraceMs: 200,
    });
    expect(verifyReplay(r)).toEqual({ ok: true });
    const window = turn0(r).filter((s) => s.phase === 'challenge_action');
    expect(
      window
        .filter((s) => s.unused)
        .map((s) => s.seat)
        .sort(),
    ).toEqual([2, 3]);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 400 - (performance.now() - retiredAt))));
    // Seat 3 answered 2 ms after it was retired: its request was left to finish. Seat 2 was aborted.
    expect(aborted).toEqual([window.find((s) => s.seat === 2)!.decisionId]);
  });
});
