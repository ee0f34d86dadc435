import { describe, expect, it } from 'vitest';
import { createBot } from '@coup/bots';
import { replayForSeat } from '@coup/protocol';
import type { Replay } from '@coup/protocol';
import { inProcessAgent, runMatch } from '@coup/runner';
import { omniscientModel } from './client/replay/omniscient';
import { seatModel } from './client/replay/seat-view';
import { describeEvent, namesOf } from './client/replay/describe';

// The replay viewer over the Inquisitor game: the model knows its ruleset, and claims are read by it (an
// exchange claims the inquisitor there, not the ambassador), so honest bots, which claim only what they
// hold, are never marked as bluffing, in the omniscient view or in any seat's.

function play(seats: number, seed: string): Promise<Replay> {
  const agents = Array.from({ length: seats }, (_, i) => {
    const bot = createBot('honest', { seed: `${seed}-${i}` });
    return inProcessAgent(`honest-${i}`, (req) => bot.decide(req));
  });
  return runMatch({ matchId: `mt_${seed}`, seed, agents, timeoutMs: 1000, ruleset: 'inquisitors' });
}

describe('replay models of the Inquisitor game', () => {
  it('name the ruleset, mark no honest claim as a bluff, and word the interrogations', async () => {
    const declared = new Set<string>();
    for (const [seats, seed] of [
      [2, 'a'],
      [3, 'b'],
      [4, 'c'],
      [5, 'd'],
      [6, 'e'],
    ] as const) {
      const replay = await play(seats, `web-inq-${seed}`);
      const omni = omniscientModel(replay);
      expect(omni.warning).toBeUndefined();
      expect(omni.ruleset).toBe('inquisitors');
      expect([...omni.bluffs.values()]).toEqual([]);
      expect(omni.frames.flatMap((f) => f.decisions).filter((d) => d.bluff)).toEqual([]);
      for (const e of replay.events) if (e.type === 'declared') declared.add(e.action);
      const words = replay.events.map((e) => describeEvent(e, namesOf(omni.names)));
      for (const [i, e] of replay.events.entries()) {
        if (e.type === 'interrogation_decided') expect(words[i]).toMatch(/ (let|made) /);
        if (e.type === 'declared' && e.action === 'exchange') expect(words[i]).toContain('exchange 1 card');
      }
      for (let seat = 0; seat < seats; seat++) {
        const view = seatModel(replayForSeat(replay, seat));
        expect(view.ruleset).toBe('inquisitors');
        expect([...view.bluffs.values()], `seat ${seat}`).toEqual([]);
      }
    }
    // The games played both of the inquisitor's actions.
    expect(declared).toContain('exchange');
    expect(declared).toContain('interrogate');
  });
});
