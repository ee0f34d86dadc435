import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createGame, isOver, unknownEngineVersion } from '@coup/engine';
import { Replay } from './replay';
import { ReplayRerunError, notRerunnable, replayStart, replaySteps } from './replay-steps';
import type { ReplayStepRun } from './replay-steps';

// The one re-run of a replay, on the golden replay of @coup/runner (packages/protocol/fixtures).

const golden = (): Replay =>
  Replay.parse(
    JSON.parse(readFileSync(fileURLToPath(new URL('../fixtures/replay.json', import.meta.url)), 'utf8')),
  );

const firstError = (f: () => unknown): unknown => {
  try {
    f();
  } catch (err) {
    return err;
  }
  return null;
};

describe('replaySteps', () => {
  it('re-runs every step: the recorded events, in order, and a finished game', () => {
    const r = golden();
    const runs = [...replaySteps(r)];
    expect(runs.map((run) => run.index)).toEqual(r.steps.map((_, i) => i));
    expect(runs.every((run) => run.rejected === null)).toBe(true);
    expect(runs.flatMap((run) => run.events)).toEqual(r.events);
    expect(isOver(runs.at(-1)!.after)).toBe(true);
  });

  it('chains states: each step meets the state the previous one left, and only transitions move it', () => {
    const r = golden();
    let previous = replayStart(r);
    const states = [previous];
    let unused = 0;
    for (const run of replaySteps(r)) {
      expect(run.before).toEqual(previous);
      if (run.transition) states.push(run.after);
      else {
        unused++;
        expect(run.after).toBe(run.before);
        expect(run.events).toEqual([]);
      }
      // A request's stateIndex counts the transitions before it: that state is the one it was asked in.
      if (run.step.kind === 'decision') {
        const asked = states[run.step.stateIndex]!;
        expect([asked.phase, asked.turn]).toEqual([run.step.phase, run.step.turn]);
      }
      previous = run.after;
    }
    expect(unused).toBe(r.steps.filter((s) => s.kind === 'decision' && s.unused).length);
    expect(unused).toBeGreaterThan(0);
  });

  it("deals as the replay's engine version dealt (1.0.0 and 2.0.0 seed differently)", () => {
    const r = { ...golden(), setup: undefined, seed: 'versions' };
    for (const engineVersion of ['1.0.0', '2.0.0']) {
      const start = replayStart({ ...r, engineVersion });
      expect(start).toEqual(createGame({ players: 3, seed: 'versions', engineVersion }));
    }
    expect(replayStart({ ...r, engineVersion: '1.0.0' }).deck).not.toEqual(
      replayStart({ ...r, engineVersion: '2.0.0' }).deck,
    );
  });

  it('refuses an unknown engine version with the engine message, and an invalid setup', () => {
    const unknown = firstError(() => replaySteps({ ...golden(), engineVersion: '7.0.0' }).next());
    expect(unknown).toBeInstanceOf(ReplayRerunError);
    expect(unknown).toMatchObject({ at: 'engineVersion', message: unknownEngineVersion('7.0.0') });
    const r = golden();
    const setup = firstError(() => replayStart({ ...r, setup: { ...r.setup!, deck: [] } }));
    expect(setup).toMatchObject({ at: 'setup', message: expect.stringContaining('exactly 3 of each role') });
  });

  it('yields a step the engine refuses, with the refusal, and stops there', () => {
    const r = golden();
    const i = r.steps.findIndex((s) => s.kind === 'decision' && s.applied !== null && !s.unused);
    const steps = r.steps.map((s, k) =>
      k === i && s.kind === 'decision' ? { ...s, applied: { type: 'challenge' as const } } : s,
    );
    const runs: ReplayStepRun[] = [...replaySteps({ ...r, steps })];
    expect(runs).toHaveLength(i + 1);
    const last = runs[i]!;
    expect(last.rejected).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect(last.after).toBe(last.before);
    expect(notRerunnable(last)).toMatchObject({
      at: `steps[${i}]`,
      message: `the replay does not re-run at steps[${i}]: ${last.rejected!.message}`,
    });
  });
});
