import { describe, expect, it } from 'vitest';
import type { DecisionStep, Replay } from '@coup/protocol';
import { runMatch } from './run';
import { inProcessAgent } from './in-process';
import { randomAgent } from './testing/agents';
import { verifyReplay } from './verify';

async function sample(): Promise<Replay> {
  let n = 0;
  // Seat 2 faults on its first decision, so the replay holds a default action too.
  const flaky = randomAgent('flaky', 5);
  const agents = [
    randomAgent('a', 1),
    randomAgent('b', 2),
    inProcessAgent('flaky', (req) =>
      n++ === 0 ? { nope: true } : flaky.decide(req, new AbortController().signal),
    ),
  ];
  return runMatch({ matchId: 'mt_v', seed: 'verify', agents });
}

const firstApplied = (r: Replay) =>
  r.steps.find(
    (s): s is DecisionStep => s.kind === 'decision' && !s.unused && s.fault === null && s.phase === 'action',
  )!;

describe('verifyReplay', () => {
  it('accepts an untouched replay, also after a JSON round trip', async () => {
    const r = await sample();
    expect(r.results[2]!.faults).toBeGreaterThan(0);
    expect(verifyReplay(r)).toEqual({ ok: true });
    expect(verifyReplay(JSON.parse(JSON.stringify(r)))).toEqual({ ok: true });
  });

  it.each<[string, (r: Replay) => void, string]>([
    ['seed', (r) => void (r.seed = 'other'), 'seedCommitment'],
    ['an event', (r) => void ((r.events[3] as { turn: number }).turn += 1), 'events[3]'],
    ['a dropped event', (r) => void r.events.pop(), 'events'],
    ['the ranking', (r) => void r.ranking.reverse(), 'ranking'],
    ['a result', (r) => void (r.results[0]!.faults += 1), 'results[0]'],
    [
      "an agent's answer",
      (r) => {
        // Income ends the turn at once and every other action opens a window: the next recorded step
        // no longer fits, whatever the deal.
        const s = firstApplied(r);
        const other = s.applied?.type === 'income' ? 'foreign_aid' : 'income';
        s.answer = { type: other };
        s.applied = { type: other };
      },
      'steps[',
    ],
    [
      'a fault hiding a real answer',
      (r) => {
        const s = r.steps.find((x): x is DecisionStep => x.kind === 'decision' && x.fault !== null)!;
        s.applied = { type: 'tax' };
      },
      'steps[',
    ],
    ['a format', (r) => void ((r as { version: number }).version = 2), 'version'],
  ])('rejects a tampered %s', async (_what, tamper, at) => {
    const r = structuredClone(await sample());
    tamper(r);
    const out = verifyReplay(r);
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.at.startsWith(at), `${out.at}: ${out.error}`).toBe(true);
  });
});
