import { describe, expect, it } from 'vitest';
import { createBot } from '@coup/bots';
import type { BotKind } from '@coup/bots';
import { replayForSeat } from '@coup/protocol';
import type { Replay } from '@coup/protocol';
import { createGame } from '@coup/engine';
import { inProcessAgent, runMatch } from '@coup/runner';
import { engine1Replays } from '@coup/runner/testing';
import { omniscientModel } from './client/replay/omniscient';
import { seatModel } from './client/replay/seat-view';
import { describeEvent, namesOf } from './client/replay/describe';

// The replay viewer's frames without a browser: the omniscient model (the engine re-run) and each seat's
// model (folded from what the seat was sent) agree on everything public, and a seat's own cards match the
// engine's in every frame, while other seats' face-down cards stay unknown.

const KINDS: BotKind[] = ['random', 'honest', 'heuristic'];

/** Seat 1 comments on its decisions; seat 0 answers nonsense (a fault) every `faultEvery`-th time. */
async function play(seats: number, seed: string, faultEvery = 4): Promise<Replay> {
  const agents = Array.from({ length: seats }, (_, i) => {
    const kind = KINDS[i % KINDS.length] as BotKind;
    const bot = createBot(kind, { seed: `${seed}-${i}` });
    let asked = 0;
    return inProcessAgent(`${kind}-${i}`, (req) => {
      if (i === 0 && ++asked % faultEvery === 0) return { action: { type: 'nonsense' } };
      return i === 1 ? { ...(bot.decide(req) as object), comment: 'hmm' } : bot.decide(req);
    });
  });
  return runMatch({ matchId: `mt_${seed}`, seed, agents, timeoutMs: 1000 });
}

describe('replay models', () => {
  it('seat views agree with the omniscient re-run, frame by frame', async () => {
    for (const [seats, seed] of [
      [2, 'a'],
      [3, 'b'],
      [4, 'c'],
      [6, 'd'],
    ] as const) {
      const replay = await play(seats, `web-${seed}`);
      const omni = omniscientModel(replay);
      expect(omni.warning).toBeUndefined();
      expect(omni.frames[0]?.seats.flatMap((s) => s.cards).every((c) => c.role !== null)).toBe(true);
      for (let seat = 0; seat < seats; seat++) {
        const view = seatModel(replayForSeat(replay, seat));
        expect(view.frames.map((f) => f.turn)).toEqual(omni.frames.map((f) => f.turn));
        view.frames.forEach((f, i) => {
          const o = omni.frames[i];
          const where = `${seats} seats, seat ${seat}, turn ${f.turn}`;
          expect(f.activeSeat, where).toBe(o?.activeSeat);
          f.seats.forEach((s, j) => {
            const os = o?.seats[j];
            expect({ coins: s.coins, eliminated: s.eliminated }, where).toEqual({
              coins: os?.coins,
              eliminated: os?.eliminated,
            });
            if (j === seat) expect(s.cards, `${where}, own cards`).toEqual(os?.cards);
            else {
              // Other seats' slots are private: the same revealed roles, wherever they sat.
              const up = (cards: typeof s.cards | undefined) =>
                (cards ?? []).flatMap((c) => (c.revealed ? [c.role] : [])).sort();
              expect(up(s.cards), `${where}, seat ${j}`).toEqual(up(os?.cards));
              expect(
                s.cards.filter((c) => !c.revealed && c.role !== null),
                `${where}, seat ${j}`,
              ).toEqual([]);
            }
          });
        });
      }
    }
  });

  it('keeps latencies, faults and comments, and describes every event in words', async () => {
    const replay = await play(3, 'web-faults', 1);
    const omni = omniscientModel(replay);
    const decisions = omni.frames.flatMap((f) => f.decisions);
    expect(decisions.length).toBe(replay.steps.filter((s) => s.kind === 'decision').length);
    expect(decisions.some((d) => d.fault !== null && d.applied !== null)).toBe(true);
    expect(decisions.some((d) => d.comment === 'hmm')).toBe(true);
    // The third fault forfeits seat 0: the frame of that turn says so.
    expect(replay.steps.some((s) => s.kind === 'forfeit')).toBe(true);
    expect(omni.frames.flatMap((f) => f.forfeits)).toEqual([{ seat: 0, reason: 'too_many_faults' }]);
    const n = namesOf(omni.names);
    for (const e of replay.events) expect(describeEvent(e, n)).toMatch(/^[A-Z0-9a-z].*\.$/);
    expect(omni.frames.at(-1)?.events.some((e) => e.type === 'game_over')).toBe(true);
  });

  it('re-runs replays recorded by engine 1.0.0 with their own seeding', () => {
    for (const r of engine1Replays()) {
      const omni = omniscientModel(r);
      expect(omni.warning, r.matchId).toBeUndefined();
      const deal = createGame({
        players: r.players.length,
        seed: r.seed,
        setup: r.setup,
        engineVersion: '1.0.0',
      });
      expect(omni.frames[0]?.seats.map((s) => s.cards)).toEqual(deal.players.map((p) => p.cards));
    }
  });

  it('shows the events only for a replay of an unknown engine version, and says why', () => {
    const [r] = engine1Replays();
    r!.engineVersion = '0.5.0';
    const omni = omniscientModel(r!);
    expect(omni.warning).toContain('unknown engine version "0.5.0"');
    expect(omni.frames[0]?.seats.flatMap((s) => s.cards).every((c) => c.role === null)).toBe(true);
  });
});
