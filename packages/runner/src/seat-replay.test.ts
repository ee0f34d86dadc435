import { describe, expect, it } from 'vitest';
import { replayForSeat, SeatReplay } from '@coup/protocol';
import type { DecisionRequest, MatchEnd, MatchStart } from '@coup/protocol';
import type { MatchAgent } from './agent';
import { runMatch } from './run';
import { seededPicker } from '@coup/random';
import { verifyReplay } from './verify';

interface Seen {
  start?: MatchStart;
  end?: MatchEnd;
  requests: DecisionRequest[];
}

/** A random agent that keeps a copy of everything it was sent. */
function recording(seat: number, seen: Seen): MatchAgent {
  const pick = seededPicker(seat * 31 + 7);
  return {
    name: `rec${seat}`,
    async decide(req) {
      seen.requests.push(structuredClone(req));
      return { action: req.legalActions[pick(req.legalActions.length)], comment: `seat ${seat}` };
    },
    async start(msg) {
      seen.start = structuredClone(msg);
    },
    async end(msg) {
      seen.end = structuredClone(msg);
    },
  };
}

describe('replayForSeat', () => {
  it.each(['s1', 's2', 's3', 's4', 's5'])('rebuilds exactly what each seat was sent (%s)', async (seed) => {
    const seen: Seen[] = [0, 1, 2, 3].map(() => ({ requests: [] }));
    const prompts = [undefined, 'Challenge captains when two are revealed.', undefined, 'Never bluff.'];
    const replay = await runMatch({
      matchId: `mt_${seed}`,
      seed,
      agents: seen.map((s, seat) => recording(seat, s)),
      strategyPrompts: prompts,
      replayUrl: `https://coup.example/m/${seed}`,
    });
    expect(verifyReplay(replay)).toEqual({ ok: true });
    for (let seat = 0; seat < 4; seat++) {
      const mine = replayForSeat(replay, seat, { strategyPrompt: prompts[seat] });
      expect(SeatReplay.parse(mine)).toEqual(mine);
      expect(mine.decisions.map((d) => d.request)).toEqual(seen[seat]!.requests);
      expect(mine.start).toEqual(seen[seat]!.start);
      expect(mine.end).toEqual(seen[seat]!.end);
      expect(mine.decisions.filter((d) => !d.unused).every((d) => d.comment === `seat ${seat}`)).toBe(true);
    }
  });

  it("never carries other seats' face-down cards", async () => {
    const replay = await runMatch({
      matchId: 'mt_leak',
      seed: 'leak',
      agents: [0, 1, 2].map((seat) => recording(seat, { requests: [] })),
    });
    for (let seat = 0; seat < 3; seat++) {
      const mine = replayForSeat(replay, seat);
      expect(JSON.stringify(mine)).not.toContain('"rng"');
      for (const d of mine.decisions) {
        expect(d.request.state.you?.seat).toBe(seat);
        for (const p of d.request.state.players) expect(Object.keys(p)).not.toContain('cards');
        for (const h of d.request.history) {
          if (h.seat === seat) continue;
          expect(h).not.toHaveProperty('replacement');
          expect(h).not.toHaveProperty('roles');
          expect(h).not.toHaveProperty('returned');
        }
      }
      for (const e of mine.events) {
        if ('seat' in e && e.seat === seat) continue;
        expect(e).not.toHaveProperty('replacement');
        expect(e).not.toHaveProperty('roles');
        expect(e).not.toHaveProperty('returned');
      }
    }
  });
});
