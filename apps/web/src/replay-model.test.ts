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

  it('marks bluffs (claims the cards did not hold), challenged or not, and each seat sees its own', async () => {
    let marked = 0;
    let caught = 0;
    let uncaught = 0;
    for (const seed of ['bluff-a', 'bluff-b', 'bluff-c', 'bluff-d']) {
      const replay = await play(4, seed, 1000);
      const omni = omniscientModel(replay);
      omni.frames.forEach((f, i) => {
        const before = omni.frames[i - 1];
        for (const e of f.events) {
          const mark = omni.bluffs.get(e);
          if (mark) marked++;
          // A turn's claimed action comes first in the turn: the hand at the end of the previous turn is
          // the hand it was claimed with (checked here without the viewer's own re-run).
          if (e.type === 'declared' && e.claim && before) {
            const held = before.seats[e.seat]?.cards.some((c) => !c.revealed && c.role === e.claim);
            expect(Boolean(mark), `turn ${f.turn}: ${e.action} by seat ${e.seat}`).toBe(!held);
          }
          if (mark) {
            const seat = (e as { seat: number }).seat;
            const challenge = f.events.find(
              (x) => x.type === 'challenged' && x.challenged === seat && x.claim === mark.role,
            );
            expect(mark.challenged).toBe(Boolean(challenge));
            if (challenge?.type === 'challenged') expect(challenge.truthful).toBe(false);
            if (mark.challenged) caught++;
            else uncaught++;
          }
        }
        // Each bluffing decision is marked too, and every mark has its decision.
        const decided = f.decisions.filter((d) => d.bluff).length;
        expect(decided).toBe(f.events.filter((e) => omni.bluffs.has(e)).length);
      });
      // A seat's own view marks exactly its own bluffs, at the same events (its copies of them).
      const marks = replay.events.flatMap((e, i) =>
        omni.bluffs.has(e) && 'seat' in e ? [{ i, seat: e.seat }] : [],
      );
      for (let seat = 0; seat < 4; seat++) {
        const view = seatModel(replayForSeat(replay, seat));
        const events = view.frames.flatMap((f) => f.events);
        expect(events.length).toBe(replay.events.length);
        const seen = events.flatMap((e, i) => (view.bluffs.has(e) ? [i] : []));
        expect(seen, `seat ${seat}`).toEqual(marks.filter((m) => m.seat === seat).map((m) => m.i));
      }
    }
    // Random bots bluff: some are caught, some pass unchallenged.
    expect(marked).toBeGreaterThan(0);
    expect(caught).toBeGreaterThan(0);
    expect(uncaught).toBeGreaterThan(0);
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
