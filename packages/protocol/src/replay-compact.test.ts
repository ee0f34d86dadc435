import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Replay } from './replay';
import type { DecisionStep } from './replay';
import { compactReplay, compactReplayCodec, expandReplay } from './replay-compact';
import type { CompactReplay } from './replay-compact';

// The compact codec on the golden replay (packages/protocol/fixtures, played by @coup/runner), and on
// altered copies of it: whatever differs from what the engine derives is kept, so the expansion is still
// the exact text; a replay that cannot be re-run at all is refused (storage then keeps it in full). Played
// matches of every kind: packages/runner/src/replay-compact.test.ts.

const file = fileURLToPath(new URL('../fixtures/replay.json', import.meta.url));
/** The golden replay as the runner built it (key order included), a fresh object per call. */
const golden = (): Replay => JSON.parse(readFileSync(file, 'utf8')) as Replay;
const decision = (r: Replay, i: number) => r.steps[i] as DecisionStep;

const exact = (replay: unknown): CompactReplay => {
  const c = compactReplay(replay as Replay);
  expect(compactReplayCodec.expand(JSON.stringify(c))).toBe(JSON.stringify(replay));
  return c;
};

describe('compact replays', () => {
  it('the golden replay: only comments and faults are kept raw', () => {
    const r = golden();
    const c = exact(r);
    expect(c.kept).toBeUndefined();
    const kept = new Set(Object.values(c.raw ?? {}).flatMap((o) => Object.keys(o)));
    expect([...kept].sort()).toEqual(['comment', 'fault']);
    expect(c.whole).toBeUndefined();
    expect(c.seat).toHaveLength(r.steps.length);
    expect(c.shapes).toBeUndefined();
  });

  it('keeps values that differ from what is derived', () => {
    const r = golden();
    Object.assign(decision(r, 0), { latencyMs: 1.23456789, requestedAt: 1.5, decisionId: 'other' });
    Object.assign(decision(r, 1), { phase: 'block', turn: 99, answer: { type: 'pass', why: 1 } });
    r.events.pop();
    r.results[0]!.faults = 7;
    r.seedCommitment = '0'.repeat(64);
    const c = exact(r);
    expect(c.kept).toEqual(['seedCommitment', 'events', 'results']);
    expect(c.raw?.[0]).toEqual({
      requestedAt: 1.5,
      latencyMs: 1.23456789,
      decisionId: 'other',
      comment: 'alpha plays steal',
    });
    expect(c.raw?.[1]).toEqual({ phase: 'block', turn: 99, answer: { type: 'pass', why: 1 } });
  });

  it('keeps key order: as the schema orders them (a parsed replay), or with fields missing or unknown', () => {
    exact(Replay.parse(golden()));
    const r = golden();
    const { steps, ...rest } = r;
    const reordered = { steps, ...rest, extra: { x: 1 } };
    exact(reordered);
    const odd = golden();
    const step = decision(odd, 2) as unknown as Record<string, unknown>;
    step.note = 'an unknown key';
    delete (decision(odd, 4) as Partial<DecisionStep>).fault;
    const c = exact(odd);
    expect(Object.keys(c.whole ?? {})).toEqual(['2']);
  });

  it('legacy decision ids (no attempt) and another attempt', () => {
    const r = golden();
    for (const s of r.steps) if (s.kind === 'decision') s.decisionId = s.decisionId.replace('.a1.', '.');
    expect(exact(r).attempt).toBeNull();
    const r3 = golden();
    for (const s of r3.steps) if (s.kind === 'decision') s.decisionId = s.decisionId.replace('.a1.', '.a3.');
    const c = exact(r3);
    expect(c.attempt).toBe(3);
    expect(c.raw?.[0]).not.toHaveProperty('decisionId');
  });

  it('refuses a replay that does not re-run: an unknown engine version, a step the engine refuses', () => {
    const r = golden();
    r.engineVersion = '9.9.9';
    expect(() => compactReplay(r)).toThrow(/9\.9\.9/);
    const bad = golden();
    decision(bad, 0).applied = { type: 'income' };
    decision(bad, 1).applied = { type: 'coup', data: { target: 0 } };
    expect(() => compactReplay(bad)).toThrow(/does not re-run/);
  });

  it('refuses a compact form of another version', () => {
    const c = compactReplay(golden());
    expect(() => expandReplay({ ...c, c: 2 as 1 })).toThrow(/unknown version 2/);
  });
});
