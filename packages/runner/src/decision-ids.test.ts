import { describe, expect, it } from 'vitest';
import { parseDecisionId } from '@coup/protocol';
import type { DecisionStep, Replay } from '@coup/protocol';
import { runMatch } from './run';
import { randomAgent } from './testing/agents';
import { verifyReplay } from './verify';

// Decision ids are unique per attempt of a match: a match re-run after its worker died asks its questions
// under new ids, so no agent's answer cache (keyed by decision id) answers them with the first run's answers.

const play = (attempt?: number) =>
  runMatch({
    matchId: 'mt_ids',
    seed: 'ids',
    agents: [randomAgent('a', 1), randomAgent('b', 2), randomAgent('c', 3)],
    ...(attempt !== undefined ? { attempt } : {}),
  });

const ids = (r: Replay) =>
  r.steps.filter((s): s is DecisionStep => s.kind === 'decision').map((s) => s.decisionId);

describe('decision ids', () => {
  it('name the attempt, and two attempts of one match share none', async () => {
    const first = await play();
    const second = await play(2);
    expect(verifyReplay(first)).toEqual({ ok: true });
    expect(verifyReplay(second)).toEqual({ ok: true });
    for (const id of ids(first)) expect(parseDecisionId(id, 'mt_ids')?.attempt).toBe(1);
    for (const id of ids(second)) expect(id).toMatch(/^mt_ids\.a2\.\d+\.\d$/);
    const overlap = ids(first).filter((id) => ids(second).includes(id));
    expect(overlap).toEqual([]);
    // Unique within a run too.
    expect(new Set(ids(second)).size).toBe(ids(second).length);
  });

  it('a replay recorded before ids carried the attempt still verifies', async () => {
    const r = structuredClone(await play(3));
    for (const s of r.steps) if (s.kind === 'decision') s.decisionId = s.decisionId.replace('.a3.', '.');
    expect(verifyReplay(r)).toEqual({ ok: true });
  });

  it('a replay mixing two attempts does not verify', async () => {
    const r = structuredClone(await play(2));
    const last = r.steps.findLast((s): s is DecisionStep => s.kind === 'decision')!;
    last.decisionId = last.decisionId.replace('.a2.', '.a1.');
    expect(verifyReplay(r)).toMatchObject({ ok: false, error: expect.stringMatching(/attempts/) });
  });

  it('rejects an attempt that is not a positive integer', async () => {
    await expect(play(0)).rejects.toThrow(/attempt/);
  });

  it('parse only ids of their match', () => {
    expect(parseDecisionId('mt_a.a2.10.3', 'mt_a')).toEqual({ attempt: 2, round: 10, seat: 3 });
    expect(parseDecisionId('mt_a.10.3', 'mt_a')).toEqual({ attempt: null, round: 10, seat: 3 });
    expect(parseDecisionId('mt_b.a2.10.3', 'mt_a')).toBeNull();
    expect(parseDecisionId('mt_a.a0.1.1', 'mt_a')).toBeNull();
    expect(parseDecisionId('mt_a.a2.x.1', 'mt_a')).toBeNull();
  });
});
