import { describe, expect, it } from 'vitest';
import { syntheticLog } from '../bench/synthetic.ts';
import { compareWithRecompute } from './check.ts';
import type { StoredRating } from './check.ts';
import { recompute } from './recompute.ts';

const periodMs = 60_000;
const { log } = syntheticLog({ matches: 400, agents: 12, periods: 8, periodMs, seed: 3 });
const stored = (): StoredRating[] =>
  [...recompute(log, { periodMs }).ratings].map(([agentId, r]) => ({ agentId, ...r }));

describe('compareWithRecompute', () => {
  it('finds stored ratings equal to the log folded again identical', () => {
    const report = compareWithRecompute(log, stored(), { periodMs });
    expect(report).toEqual({ matches: 400, agents: 12, mismatches: [], identical: true });
  });

  it('names an agent whose stored numbers drifted, however little', () => {
    const rows = stored();
    const original = rows[3]!;
    const drifted = { ...original, rd: original.rd + 1e-9 };
    rows[3] = drifted;
    const report = compareWithRecompute(log, rows, { periodMs });
    expect(report.identical).toBe(false);
    expect(report.mismatches).toEqual([
      { agentId: drifted.agentId, stored: drifted, recomputed: expect.objectContaining({ rd: original.rd }) },
    ]);
  });

  it('names agents stored without a rated match, and rated agents missing from the store', () => {
    const rows = stored();
    const missing = rows.pop()!;
    const ghost: StoredRating = { ...missing, agentId: 'ag_ghost' };
    const report = compareWithRecompute(log, [...rows, ghost], { periodMs });
    expect(report.mismatches.map((m) => m.agentId).sort()).toEqual([missing.agentId, 'ag_ghost'].sort());
    expect(report.mismatches.find((m) => m.agentId === 'ag_ghost')?.recomputed).toBeNull();
    expect(report.mismatches.find((m) => m.agentId === missing.agentId)?.stored).toBeNull();
  });
});
